/**
 * The panel's realtime token (the spec's "customToken" of createFirebaseAuthToken): the user and the
 * session, with an expiry, signed by the server. Connecting with it also needs the session to be still
 * active, so signing out or a password reset shuts the door even before the token expires.
 */
import { PANEL_TOKEN_TTL_MS } from '@escudo/contract';
import type { AppContext } from '../context.ts';
import type { UserAuth } from '../lib/http/routes.ts';
import { isSessionActive } from '../auth/sessions.ts';

interface PanelTokenClaims {
  /** user id */
  u: number;
  /** session id */
  s: number;
  /** expiry, Unix ms */
  e: number;
}

export function createPanelToken(ctx: AppContext, auth: UserAuth): string {
  const claims: PanelTokenClaims = {
    u: auth.userId,
    s: auth.sessionId,
    e: ctx.now().getTime() + PANEL_TOKEN_TTL_MS,
  };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${ctx.panelTokenSigner.sign(body)}`;
}

export async function verifyPanelToken(ctx: AppContext, token: unknown): Promise<UserAuth | null> {
  if (typeof token !== 'string' || token.length > 512) return null;
  const [body, signature] = token.split('.');
  if (!body || !signature || !/^[0-9a-f]{64}$/.test(signature)) return null;
  if (!ctx.panelTokenSigner.verify(body, signature)) return null;
  let claims: PanelTokenClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as PanelTokenClaims;
  } catch {
    return null;
  }
  if (!Number.isInteger(claims.u) || !Number.isInteger(claims.s) || !(claims.e > ctx.now().getTime()))
    return null;
  if (!(await isSessionActive(ctx, claims.s))) return null;
  return { kind: 'user', userId: claims.u, sessionId: claims.s };
}
