// Spanish texts of 'Seguridad y privacidad' (issue 29): the account's sign-in, sessions, activity and data.
export const securityTexts = {
  title: 'Seguridad y privacidad',
  intro: 'Protege el acceso a tu cuenta, revisa dónde está abierta y decide qué pasa con tus datos.',
  activityTitle: 'Actividad de la cuenta',
  activityEmpty: 'Aún no hay actividad registrada en tu cuenta.',
  activityLoadFailed: 'No pudimos cargar la actividad de tu cuenta.',
  activityUnknownOrigin: 'Origen desconocido',
  // closing the account (issue 29 item 8; decision 038)
  deleteTitle: 'Eliminar tu cuenta',
  deleteDescription:
    'Si ya no quieres usar el servicio, puedes eliminar tu cuenta. Tendrás 7 días para arrepentirte.',
  deleteOpen: 'Eliminar mi cuenta',
  deleteDialogTitle: '¿Eliminar tu cuenta?',
  deleteWhatGoes:
    'Borraremos tu perfil y foto, tus teléfonos con sus fotos y recorridos, tus alertas, tu red de seguridad, tus sesiones y tu actividad. Tus teléfonos olvidarán la cuenta y tu email quedará libre para registrarte otra vez.',
  deleteWhatStays: 'Tus pagos se conservan, como exige la ley contable, pero sin tu nombre, email ni RUT.',
  deleteWhen:
    'La eliminación ocurre 7 días después de pedirla. Cerraremos tus sesiones ahora y te enviaremos un email con un enlace para cancelarla.',
  deleteAtencion:
    'Si tienes una atención abierta, la central conservará tu atención abierta hasta cerrarla; tu cuenta se eliminará cuando la cierre.',
  deletePasswordLabel: 'Tu contraseña',
  deletePasswordHelp: 'Escribe tu contraseña para confirmar que eres tú.',
  deletePasswordRequired: 'Escribe tu contraseña para continuar.',
  deleteCancel: 'Cancelar',
  deleteConfirm: 'Eliminar mi cuenta',
  deleteFailed: 'No pudimos pedir la eliminación de tu cuenta. Por favor inténtalo nuevamente.',
  activityKinds: {
    sign_in: 'Inicio de sesión',
    sign_in_failed: 'Intento de inicio de sesión fallido',
    session_ended: 'Sesión cerrada',
    password_changed: 'Contraseña cambiada',
    password_reset: 'Contraseña reestablecida',
    email_changed: 'Email cambiado',
    two_factor_on: 'Verificación en dos pasos activada',
    two_factor_off: 'Verificación en dos pasos desactivada',
    lock_ordered: 'Bloqueo ordenado',
    lost_mode_ordered: 'Modo perdido ordenado',
    wipe_ordered: 'Borrado de datos ordenado',
    tracking_ordered: 'Seguimiento ordenado',
    invitation_sent: 'Invitación enviada',
    data_exported: 'Datos exportados',
    deletion_requested: 'Eliminación de la cuenta solicitada',
    deletion_cancelled: 'Eliminación de la cuenta cancelada',
    operator_viewed: 'La central revisó una atención',
  },
} as const;
