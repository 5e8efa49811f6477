import { startOidcIssuer } from './oidc-issuer.ts';

/** Before the journeys: the local OpenID issuer; what it returns stops it after them. */
export default async function globalSetup() {
  return startOidcIssuer();
}
