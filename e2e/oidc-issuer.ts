/**
 * The local OpenID issuer of the Google sign-in journey (oauth2-mock-server): started before the
 * journeys on a fixed port, which the server under test is given as GOOGLE_ISSUER_URL. Every sign-in
 * at it is a new person with a verified e-mail and the name GOOGLE_PERSON_NAME, so a journey creates a
 * new account. A browser holding the issuer's cookie `DENY_CONSENT_COOKIE` is answered as if the person
 * had pressed "Cancel" on the consent screen (error=access_denied), as Google does; one holding
 * `GOOGLE_PERSON_COOKIE=<id>` is the same person at every sign-in (subject and e-mail of that id), as
 * someone who comes back with their Google account.
 */
import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';

// E2E_PORT_BASE + 9 (playwright.config.ts), read here too: the config imports this file
export const OIDC_ISSUER_PORT = Number(process.env.E2E_PORT_BASE ?? 3110) + 9;
export const OIDC_ISSUER_URL = `http://127.0.0.1:${OIDC_ISSUER_PORT}`;
export const GOOGLE_CLIENT_ID = 'escudo-e2e-client';
export const GOOGLE_PERSON_NAME = 'Sofía Araya Google';
export const DENY_CONSENT_COOKIE = 'deny_consent';
export const GOOGLE_PERSON_COOKIE = 'google_person';

export async function startOidcIssuer(): Promise<() => Promise<void>> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  // the person of each authorization code given to a browser with GOOGLE_PERSON_COOKIE
  const personOfCode = new Map<string, string>();
  server.service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, request: { body?: { code?: unknown } }) => {
      // only the ID token has our client as its audience
      if (token.payload.aud !== GOOGLE_CLIENT_ID) return;
      const code = typeof request.body?.code === 'string' ? request.body.code : '';
      const id = personOfCode.get(code) ?? randomBytes(4).toString('hex');
      personOfCode.delete(code);
      Object.assign(token.payload, {
        sub: `google-e2e-${id}`,
        email: `sofia.${id}@gmail.com`,
        email_verified: true,
        name: GOOGLE_PERSON_NAME,
      });
    },
  );
  server.service.on('beforeAuthorizeRedirect', ({ url }: { url: URL }, request: IncomingMessage) => {
    const person = new RegExp(`(?:^|;\\s*)${GOOGLE_PERSON_COOKIE}=([\\w-]+)`).exec(
      request.headers.cookie ?? '',
    )?.[1];
    const code = url.searchParams.get('code');
    if (person && code) personOfCode.set(code, person);
    if (!request.headers.cookie?.includes(`${DENY_CONSENT_COOKIE}=1`)) return;
    url.searchParams.delete('code');
    url.searchParams.set('error', 'access_denied');
  });
  await server.start(OIDC_ISSUER_PORT, '127.0.0.1');
  // it would name itself http://localhost:…; the server checks the discovered issuer is the one it asked
  server.issuer.url = OIDC_ISSUER_URL;
  return () => server.stop();
}
