/**
 * Where a person goes once signed in: Home (spec 2), or back to the security-network invitation they
 * came from (`/login?security_code=…`, issue 15), where they join with the account they signed in to.
 */
export function afterSignInPath(searchParams: URLSearchParams): string {
  const securityCode = searchParams.get('security_code');
  return securityCode ? `/register?security_code=${encodeURIComponent(securityCode)}` : '/';
}
