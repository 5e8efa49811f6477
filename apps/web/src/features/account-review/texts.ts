// Spanish texts of a reclaimed account's review (decision 050).
export const accountReviewTexts = {
  title: 'Revisa tu cuenta',
  intro:
    'Confirmaste tu email y la cuenta ahora es solo tuya: cerramos todas sus sesiones y, si estaba activa, desactivamos la verificación en dos pasos. Antes de seguir, revisa lo que se agregó a la cuenta antes de que la confirmaras. Si algo no es tuyo, quítalo: dejará de tener acceso al instante.',
  loadFailed: 'No pudimos cargar lo que falta revisar.',
  passwordTitle: 'Elige tu contraseña',
  passwordIntro:
    'Tu cuenta no tiene contraseña desde que confirmaste tu email. La necesitarás para ingresar con tu email y para bloquear o borrar tu teléfono.',
  passwordSubmit: 'Guardar contraseña',
  passwordSaved: 'Contraseña guardada.',
  question: '¿Es tuyo?',
  keep: 'Sí, es mío',
  devicesTitle: 'Teléfonos',
  removeDevice: 'No, quitarlo',
  /** {date} */
  deviceRegistered: 'Registrado el {date}',
  membersTitle: 'Tu red de seguridad',
  removeMember: 'No, quitarlo de mi red',
  memberAccepted: 'Forma parte de tu red',
  memberPending: 'Invitación pendiente',
  /** {date} */
  memberInvited: 'Invitado el {date}',
  membershipsTitle: 'Redes a las que perteneces',
  removeMembership: 'No, salir de esa red',
  /** {name} */
  membershipOf: 'Red de seguridad de {name}',
  /** {date} */
  membershipJoined: 'Te uniste el {date}',
  doneTitle: '¡Listo! Revisaste tu cuenta',
  doneText:
    'Lo que quitaste ya no tiene acceso a tu cuenta. Puedes ver todo lo que pasó en «Seguridad y privacidad».',
  goToPanel: 'Ir a mi panel',
} as const;
