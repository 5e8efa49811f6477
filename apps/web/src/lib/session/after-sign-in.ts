/**
 * Where a person goes once signed in: Home (spec 2), or back to the security-network invitation they
 * came from (`/login?security_code=…`, issue 15), where they join with the account they signed in to,
 * or, from a security e-mail's link (`/login?recuperar=1`, issue 29), to 'Seguridad y privacidad',
 * where they can change the password and close sessions.
 */
export function afterSignInPath(searchParams: URLSearchParams): string {
  const securityCode = searchParams.get('security_code');
  if (securityCode) return `/register?security_code=${encodeURIComponent(securityCode)}`;
  return searchParams.has(RECOVER_PARAM) ? '/seguridad' : '/';
}

/** the query parameter of the security e-mails' link that opens '¿Olvidaste tu contraseña?' on Login */
export const RECOVER_PARAM = 'recuperar';
