// Spanish texts of sign-in, registration and password reset (spec 2, 5 and 8; wording as written there).
export const authTexts = {
  // shared fields
  emailLabel: 'Email',
  passwordLabel: 'Contraseña',
  passwordRequired: 'Contraseña es requerida',
  unexpectedError: 'Lo sentimos, ha ocurrido un error inesperado. Por favor inténtalo nuevamente.',
  goToLogin: 'Ir a iniciar sesión',

  // Login after asking to close the account (decision 038): {date} is DD-MM-AAAA HH:mm
  deletionRequested:
    'Pediste eliminar tu cuenta: se eliminará el {date}. Te enviamos un email con un enlace para cancelar la eliminación si cambias de opinión.',
  deletionRequestedWithAtencion:
    'Pediste eliminar tu cuenta. La central conservará tu atención abierta hasta cerrarla; tu cuenta se eliminará después, no antes del {date}. Te enviamos un email con un enlace para cancelar la eliminación.',

  // the e-mailed link that cancels a deletion (/cancelar-eliminacion/:token)
  cancelDeletionTitle: 'Cancelar la eliminación',
  cancelDeletionIntro:
    'Pediste eliminar tu cuenta. Si quieres conservarla, cancela la eliminación: tus datos quedan como estaban y podrás ingresar nuevamente.',
  cancelDeletionSubmit: 'Conservar mi cuenta',
  cancelDeletionDone: 'Listo: cancelamos la eliminación de tu cuenta. Ya puedes ingresar nuevamente.',

  // a data export's e-mailed link followed after it stopped working (/descarga-vencida)
  exportLinkEndedTitle: 'El enlace de descarga venció',
  exportLinkEndedText:
    'Este enlace de descarga no es válido o ya expiró: cada copia de tus datos se puede descargar durante 24 horas. Puedes pedir una nueva copia en «Seguridad y privacidad».',
  exportLinkEndedAction: 'Ir a Seguridad y privacidad',

  // Login
  loginTitle: 'Iniciar sesión',
  loginSubtitle: 'Ingresa a tu panel para proteger tus dispositivos.',
  emailRequired: 'Email es obligatorio',
  emailInvalid: 'Email debe ser válido',
  loginSubmit: 'Ingresar',
  invalidCredentials: 'Email o contraseña incorrectos. Por favor verifica los datos ingresados.',
  forgotPassword: '¿Olvidaste tu contraseña?',
  noAccount: '¿No tienes cuenta? Regístrate',
  googleSignIn: 'Inicia Sesión con Google',
  googleSigningIn: 'Ingresando con Google…',
  // why Google sign-in came back to Login (decision 014; server: social_error)
  googleErrors: {
    cancelled:
      'Cancelaste el inicio de sesión con Google. Puedes intentarlo nuevamente o ingresar con tu email y contraseña.',
    provider: 'No pudimos completar el inicio de sesión con Google. Por favor inténtalo nuevamente.',
    state:
      'El inicio de sesión con Google expiró o no se inició en este navegador. Por favor inténtalo nuevamente.',
    unverified:
      'Tu cuenta de Google no tiene un email verificado, así que no podemos usarla para ingresar. Verifica tu email en Google o ingresa con tu email y contraseña.',
    unavailable:
      'El inicio de sesión con Google no está disponible en este momento. Ingresa con tu email y contraseña.',
  },
  orSeparator: 'o',
  // sign-in's second step (two-step sign-in, decision 035)
  twoFactorTitle: 'Verificación en dos pasos',
  twoFactorIntro: 'Abre tu app de autenticación y escribe el código de 6 dígitos que muestra para tu cuenta.',
  twoFactorRecoveryIntro:
    'Escribe uno de los códigos de recuperación que guardaste. Cada código sirve una sola vez.',
  twoFactorCodeLabel: 'Código de 6 dígitos',
  twoFactorRecoveryLabel: 'Código de recuperación',
  twoFactorCodeRequired: 'Ingresa el código.',
  twoFactorCodeFormat: 'El código tiene 6 dígitos.',
  twoFactorSubmit: 'Verificar',
  twoFactorUseRecovery: 'Usar un código de recuperación',
  twoFactorUseApp: 'Usar el código de la app',
  twoFactorBack: 'Volver al inicio de sesión',

  // Forgot password dialog
  forgotTitle: 'Reestablecer contraseña',
  forgotIntro: 'Ingresa el email de tu cuenta y te enviaremos un enlace para crear una nueva contraseña.',
  forgotSubmit: 'Enviar enlace',
  forgotSent:
    'Si el email está registrado, te enviamos un enlace para reestablecer tu contraseña. Revisa tu bandeja de entrada.',
  close: 'Cerrar',
  cancel: 'Cancelar',

  // Register
  registerTitle: 'Crea tu cuenta',
  registerSubtitle: 'Regístrate para proteger tu teléfono y a los tuyos.',
  nameLabel: 'Nombre',
  passwordHint: 'Mínimo 8 caracteres',
  fieldRequired: 'Este campo es obligatorio',
  emailFormat: 'Formato incorrecto',
  registerSubmit: 'Registrarme',
  formErrorsHeading: 'Hay errores en el formulario:',
  haveAccount: '¿Ya tienes cuenta? Inicia sesión',
  // the security-network invitation of the sign-up link (spec 2 Register; decision 015)
  invitationChecking: 'Revisando tu invitación…',
  invitationFrom: 'Vas a ser agregado a la red de seguridad de {name}',
  // the sponsor of the sign-up link (spec 2 Register; decision 021)
  sponsorChecking: 'Revisando el código de patrocinio…',
  sponsorFrom: 'Tu registro es patrocinado por {name}.',
  sponsorPlan: 'Se te asignará automáticamente el plan {plan} por {months}, sin costo adicional para ti.',
  sponsorMonthOne: '1 mes',
  sponsorMonths: '{count} meses',
  haveAccountJoin: '¿Ya tienes cuenta? Inicia sesión para unirte a la red',
  joinTitle: 'Unirte a una red de seguridad',
  joinText: 'Quedarás en su red de seguridad con tu cuenta actual y recibirás sus avisos.',
  joinSubmit: 'Unirme a la red de {name}',
  joined: 'Ahora formas parte de la red de seguridad de {name}.',
  registeredTitle: 'Registro Completo',
  registeredText: 'Tu cuenta está lista. Descarga la aplicación en tu teléfono para protegerlo.',
  goToPanel: 'Ir al panel de usuario',
  redirectingIn: 'Redireccionando en {seconds}',

  // Reset password
  resetTitle: 'Reestablecer Contraseña',
  resetFor: 'Ingresa una nueva contraseña para {email}.',
  resetSubmit: 'Confirmar',
  resetSuccess: 'La contraseña ha sido reestablecida, por favor ingrese con su nueva contraseña.',
  resetFailure:
    'Ha ocurrido un error al intentar reestablecer la contraseña, por favor inténtalo nuevamente.',

  // the page of a verification link (decisions 034 and 050)
  verifyTitle: 'Verificar email',
  verifyIntro:
    'Confirma que este email es tuyo. Al hacerlo, la cuenta quedará solo para ti: cerraremos todas sus sesiones y elegirás una contraseña nueva.',
  verifySubmit: 'Verificar mi email',
  verifiedTitle: '¡Email verificado!',
  /** {email} */
  verifiedText:
    'Confirmamos que {email} es tuyo, y la cuenta quedó solo para ti: cerramos todas sus sesiones.',
  chooseIntro:
    'Elige una contraseña nueva. La cuenta se creó antes de que confirmaras tu email, así que su contraseña anterior ya no sirve: nadie que la conociera podrá entrar.',
  chooseSubmit: 'Guardar e ingresar',
  chooseLater: 'Prefiero ingresar de otra forma',
  chooseSavedSignIn: 'Tu nueva contraseña quedó guardada. Ingresa con ella para continuar.',
  verifyGoToPanel: 'Ir a mi cuenta',
  verifyGoToLogin: 'Ir a ingresar',
  verifyFailedTitle: 'No pudimos verificar tu email',
  /** how to get a new link, after the server's reason */
  verifyFailedHelp:
    'Ingresa a tu cuenta y pide un nuevo enlace con «Reenviar email» en el aviso «Verifica tu email».',
  verifyRetry: 'Reintentar',

  // the new address's link of a change of e-mail (decision 050): opened signed in
  confirmEmailTitle: 'Confirmar tu nuevo email',
  confirmEmailChecking: 'Confirmando tu nuevo email…',
  confirmEmailSignIn:
    'Para confirmar tu nuevo email, ingresa a la cuenta en la que pediste el cambio. Volverás aquí después.',
  confirmEmailSignInButton: 'Ingresar para confirmar',
  changedTitle: '¡Email actualizado!',
  /** {email} */
  changedText:
    'Desde ahora tu cuenta usa {email} para ingresar y recibir avisos. Le avisamos del cambio a tu email anterior.',
  waitingTitle: 'Nuevo email confirmado',
  /** {email}, {date} */
  waitingText:
    'Confirmaste {email}. Por seguridad, el cambio se aplicará el {date}, o antes si lo confirmas desde el enlace que enviamos a tu email actual.',
  confirmEmailFailedTitle: 'No pudimos confirmar tu nuevo email',

  // the current address's link of a change of e-mail (decision 050): confirm or cancel
  emailChangeTitle: 'Cambio de email',
  emailChangeLoading: 'Buscando el cambio…',
  /** {old}, {new} */
  emailChangeAsked: 'Se pidió cambiar el email de la cuenta {old} a {new}.',
  /** {date}, {where} */
  emailChangeWhen: 'Pedido el {date} (hora de Chile), desde {where}.',
  emailChangeWhereUnknown: 'un lugar desconocido',
  /** {date} */
  emailChangeAppliesAt:
    'Si no respondes, se aplicará el {date} (hora de Chile), una vez confirmado el nuevo email.',
  emailChangeAppliesSoon: 'Se aplicará en cuanto se confirme el nuevo email.',
  emailChangeAlreadyConfirmed: 'Ya lo confirmaste: se aplicará en cuanto se confirme el nuevo email.',
  emailChangeQuestion: '¿Fuiste tú?',
  emailChangeConfirm: 'Sí, fui yo: confirmar el cambio',
  emailChangeCancel: 'No fui yo: cancelar el cambio',
  emailChangeConfirmedTitle: 'Cambio confirmado',
  /** {email} */
  emailChangeConfirmedText: 'Se aplicará en cuanto se confirme {email}.',
  emailChangeCancelledTitle: 'Cambio cancelado',
  emailChangeCancelledText:
    'Tu email sigue siendo el mismo, y cerramos todas las sesiones de tu cuenta. Quien pidió el cambio conoce tu contraseña: cámbiala ahora.',
  emailChangeResetPassword: 'Cambiar mi contraseña',
  emailChangeFailedTitle: 'Este enlace ya no sirve',
} as const;
