// Spanish texts of the security network (spec 2 Modals, 3 Security-network entry, 5 Security network add).
export const networkTexts = {
  title: 'Red de seguridad',
  intro:
    'Las personas de tu red de seguridad reciben un aviso si te ocurre algo. Invítalas por email: al aceptar, quedan en tu red.',
  tabMine: 'Mi red de Seguridad',
  tabBelong: 'Redes a la que pertenezco',
  close: 'Cerrar',
  loading: 'Cargando…',
  loadError: 'No pudimos cargar tu red de seguridad.',
  retry: 'Reintentar',

  emptyMine: 'Aún no has invitado a nadie a tu red de seguridad.',
  emptyMineHint: 'Invita a una persona de confianza con el formulario de arriba.',
  emptyBelong: 'Aún no perteneces a la red de seguridad de nadie.',
  emptyBelongHint: 'Cuando alguien te invite, recibirás un email con un enlace para unirte a su red.',

  statusPending: 'Pendiente',
  statusAccepted: 'Aceptada',
  invitedOn: 'Invitado el {date}',
  phone: 'Teléfono: {phone}',
  hostOf: 'Red de {name}',

  inviteHeading: 'Invitar a una persona',
  inviteUsage:
    'Tu plan permite {max} personas en tu red (las invitaciones pendientes cuentan): tienes {used}.',
  nameLabel: 'Nombre',
  phoneLabel: 'Teléfono',
  phoneHint: '11 dígitos, con código de país (56912345678)',
  emailLabel: 'Email',
  invite: 'Enviar invitación',
  invited: 'Enviamos la invitación a {email}.',
  fieldRequired: 'Este campo es obligatorio',
  phoneFormat: 'El teléfono debe tener 11 dígitos.',
  emailFormat: 'Email debe ser válido',
  limitReached:
    'Alcanzaste el máximo de personas de tu red según tu plan. Elimina una invitación o actualiza tu plan para invitar a más personas.',

  remove: 'Eliminar',
  removeLabel: 'Eliminar a {name} de mi red',
  removeTitle: '¿Eliminar de tu red?',
  removeText: '{name} dejará de formar parte de tu red de seguridad y no recibirá tus avisos.',
  removePendingText: 'La invitación enviada a {name} dejará de servir.',
  removed: '{name} ya no forma parte de tu red de seguridad.',
  leave: 'Salir',
  leaveLabel: 'Salir de la red de {name}',
  leaveTitle: '¿Salir de esta red?',
  leaveText: 'Dejarás de recibir los avisos de {name}.',
  left: 'Saliste de la red de seguridad de {name}.',
  cancel: 'Cancelar',
  confirmRemove: 'Sí, eliminar',
  confirmLeave: 'Sí, salir',
} as const;
