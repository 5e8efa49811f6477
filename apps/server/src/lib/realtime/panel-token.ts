/**
 * The panel's realtime token (the spec's "customToken" of createFirebaseAuthToken), signed by the
 * server. Reading one checks only signature and expiry: whoever accepts it also checks the session is
 * still active (auth/sessions.ts), so a sign-out or password reset shuts the door before it expires.
 */
import { PANEL_TOKEN_TTL_MS } from '@escudo/contract';
import type { AppContext } from '../context.ts';
import type { UserAuth } from '../http/routes.ts';

type PanelTokenKeys = Pick<AppContext, 'panelTokenSigner' | 'now'>;

/** user id, session id, expiry (Unix ms) */
type PanelTokenClaims = { u: number; s: number; e: number };

export function createPanelToken(keys: PanelTokenKeys, auth: UserAuth): string {
  const claims: PanelTokenClaims = {
    u: auth.userId,
    s: auth.sessionId,
    e: keys.now().getTime() + PANEL_TOKEN_TTL_MS,
  };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${keys.panelTokenSigner.sign(body)}`;
}

/** The user and session a token names, if it is ours and not expired; null otherwise. */
export function readPanelToken(keys: PanelTokenKeys, token: unknown): Omit<UserAuth, 'role'> | null {
  if (typeof token !== 'string' || token.length > 512) return null;
  const [body, signature] = token.split('.');
  if (!body || !signature || !/^[0-9a-f]{64}$/.test(signature)) return null;
  if (!keys.panelTokenSigner.verify(body, signature)) return null;
  let claims: PanelTokenClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as PanelTokenClaims;
  } catch {
    return null;
  }
  if (!Number.isInteger(claims.u) || !Number.isInteger(claims.s) || !(claims.e > keys.now().getTime()))
    return null;
  return { kind: 'user', userId: claims.u, sessionId: claims.s };
}
