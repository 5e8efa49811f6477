/**
 * The OpenID Connect client of Google sign-in (decision 014), with `openid-client` v6: discovery of
 * GOOGLE_ISSUER_URL (Google's, a local issuer in tests, or any OpenID provider), the authorization URL
 * with PKCE (S256), state and nonce, and the code exchange, which checks the ID token's signature,
 * issuer, audience, expiry and nonce. The provider's metadata is fetched once per process, on first
 * use; a failed discovery is not remembered, so the next sign-in tries again.
 */
import * as oidc from 'openid-client';
import { z } from 'zod';
import { routes } from '@escudo/contract';
import type { Env } from '../../lib/env.ts';

/** seconds to wait for the provider (discovery, code exchange, its keys) */
const PROVIDER_TIMEOUT_S = 10;

/** What we use of the ID token (OpenID Connect Core 5.1); Google sends all of them with `email profile`. */
const identityClaimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().max(254).optional(),
  email_verified: z.boolean().optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});
export type IdentityClaims = z.infer<typeof identityClaimsSchema>;

export interface GoogleOidc {
  /** where the provider sends the browser back: must be registered with the provider as is */
  redirectUri: string;
  /** the provider's authorization URL for a new sign-in, and the checks the callback must make */
  startSignIn(): Promise<{ url: URL; state: string; nonce: string; verifier: string }>;
  /** trades the callback's code for tokens and returns the ID token's checked claims */
  finishSignIn(
    callbackQuery: string,
    checks: { state: string; nonce: string; verifier: string },
  ): Promise<IdentityClaims>;
}

export function createGoogleOidc(env: Env): GoogleOidc | null {
  const clientId = env.GOOGLE_CLIENT_ID;
  const clientSecret = env.GOOGLE_CLIENT_SECRET;
  if (!clientId || !clientSecret) return null;
  const issuer = new URL(env.GOOGLE_ISSUER_URL);
  const redirectUri = `${env.PUBLIC_URL}${routes.googleSignInCallback.path}`;

  let configuration: Promise<oidc.Configuration> | undefined;
  const configure = () => {
    configuration ??= oidc
      .discovery(issuer, clientId, clientSecret, undefined, {
        timeout: PROVIDER_TIMEOUT_S,
        // a plain-http issuer is a local one (tests, development); production's is https
        ...(issuer.protocol === 'http:' && !env.isProduction
          ? { execute: [oidc.allowInsecureRequests] }
          : {}),
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    redirectUri,
    async startSignIn() {
      const config = await configure();
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        // Google: let the person choose among their accounts rather than reuse the last one silently
        prompt: 'select_account',
      });
      return { url, state, nonce, verifier };
    },
    async finishSignIn(callbackQuery, checks) {
      const config = await configure();
      const currentUrl = new URL(redirectUri);
      currentUrl.search = callbackQuery;
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: checks.verifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      return identityClaimsSchema.parse(tokens.claims());
    },
  };
}
