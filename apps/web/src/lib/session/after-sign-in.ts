/**
 * Where a person goes once signed in: Home (spec 2), or back to the security-network invitation they
 * came from (`/login?security_code=…`), where they join with the account they signed in to, or back to
 * the link of their new e-mail (`/login?confirmar_email=…`, decision 050), which needs the account's
 * session, or, from a security e-mail's link (`/login?recuperar=1`), to 'Seguridad y privacidad',
 * where they can change the password and close sessions.
 */
export function afterSignInPath(searchParams: URLSearchParams): string {
  const securityCode = searchParams.get('security_code');
  if (securityCode) return `/register?security_code=${encodeURIComponent(securityCode)}`;
  const confirmEmail = searchParams.get(CONFIRM_EMAIL_PARAM);
  if (confirmEmail && /^[\w-]{1,128}$/.test(confirmEmail)) return `/confirmar-email/${confirmEmail}`;
  return searchParams.has(RECOVER_PARAM) ? '/seguridad' : '/';
}

/** Login's query parameter that brings the person back to their new e-mail's link once signed in */
export const CONFIRM_EMAIL_PARAM = 'confirmar_email';

/** the query parameter of the security e-mails' link that opens '¿Olvidaste tu contraseña?' on Login */
export const RECOVER_PARAM = 'recuperar';
