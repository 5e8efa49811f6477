// Spanish texts of the banner of signed-in pages while the account's e-mail is not verified (decision 034);
// the page its link opens is auth's (verify-email-page.tsx).
export const verifyEmailTexts = {
  // banner
  bannerTitle: 'Verifica tu email',
  /** {email}: the account's e-mail */
  bannerText:
    'Te enviamos un enlace a {email} para confirmar que es tuyo. Ábrelo para proteger tu cuenta: al abrirlo cerraremos sus sesiones y elegirás una contraseña nueva, para que solo tú puedas entrar. Si no lo encuentras, revisa la carpeta de spam o pide uno nuevo.',
  resend: 'Reenviar email',
  resending: 'Enviando…',
  /** {email} */
  resent: 'Listo: te enviamos un nuevo enlace a {email}. El anterior ya no sirve.',
  alreadyVerified: 'Tu email ya está verificado.',
  /** {message}: the server's reason (a limit says when to try again) */
  resendFailed: 'No pudimos enviar el email. {message}',
} as const;
