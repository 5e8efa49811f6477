/**
 * Bearer sessions: random opaque tokens, stored as SHA-256 hashes, expiring after SESSION_TTL_MS,
 * revocable one by one (logout) or all at once (password reset).
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SESSION_TTL_MS } from '@escudo/contract';
import type { AppContext } from '../lib/context.ts';
import { AppError } from '../lib/app-error.ts';
import { sessions } from './auth.schema.ts';
import { users } from '../accounts/accounts.schema.ts';
import type { DbOrTransaction } from '../lib/db/client.ts';
import { createToken, hashToken } from '../lib/crypto/tokens.ts';
import { preparedPerDatabase } from '../lib/db/prepared.ts';
import { bearerToken, type UserAuth } from '../lib/http/routes.ts';
import { readPanelToken } from '../lib/realtime/panel-token.ts';
import { chileDateTime } from '../activity/security-notice.ts';

/**
 * A new session for the user; `db` may be a transaction that records more of the sign-in. Every way
 * in (password, Google, sign-up) comes here, so a disabled account is refused here once.
 */
export async function createSession(ctx: AppContext, userId: number, db: DbOrTransaction = ctx.db) {
  const [user] = await db
    .select({ disabledAt: users.disabledAt, deletionScheduledAt: users.deletionScheduledAt })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.disabledAt) throw new AppError('ACCOUNT_DISABLED');
  // an account being closed stays closed until its e-mailed link keeps it (decision 038)
  if (user?.deletionScheduledAt) {
    throw new AppError(
      'ACCOUNT_DELETION_SCHEDULED',
      `Tu cuenta está programada para eliminarse el ${chileDateTime(user.deletionScheduledAt)} (hora de Chile). Si quieres conservarla, usa el enlace «Cancelar la eliminación» del email que te enviamos.`,
    );
  }
  const token = createToken();
  const expiresAt = new Date(ctx.now().getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt });
  return { access_token: token, token_type: 'bearer' as const, expires_at: expiresAt.toISOString() };
}

// runs on every authenticated request; a disabled account's sessions end with it
const findActiveSession = preparedPerDatabase((db) =>
  db
    .select({ id: sessions.id, userId: sessions.userId, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        isNull(users.disabledAt),
      ),
    )
    .limit(1)
    .prepare('find_active_session'),
);

export function createSessionAuthenticator(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<UserAuth | null> => {
    const token = bearerToken(request);
    if (!token) return null;
    const [session] = await findActiveSession(ctx.db).execute({
      tokenHash: hashToken(token),
      now: ctx.now().toISOString(),
    });
    return session
      ? { kind: 'user', userId: session.userId, sessionId: session.id, role: session.role }
      : null;
  };
}

export async function revokeSession(ctx: AppContext, sessionId: number): Promise<void> {
  await ctx.db.update(sessions).set({ revokedAt: ctx.now() }).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user; `db` may be the transaction of the change that calls for it. */
export async function revokeAllSessions(
  ctx: AppContext,
  userId: number,
  db: DbOrTransaction = ctx.db,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * The role of a session's user while the session still works (not revoked, not expired, the account
 * not disabled); null otherwise. A realtime connection checks it.
 */
async function findActiveSessionRole(ctx: AppContext, sessionId: number) {
  const [session] = await ctx.db
    .select({ role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, ctx.now()),
        isNull(users.disabledAt),
      ),
    )
    .limit(1);
  return session?.role ?? null;
}

/**
 * The panel's realtime connection (`/panel`): a customToken of ours, not expired, whose session is
 * still active, so that signing out or a password reset shuts the door before the token expires.
 */
export function createPanelSocketAuthenticator(ctx: AppContext) {
  return async (token: unknown): Promise<UserAuth | null> => {
    const claims = readPanelToken(ctx, token);
    const role = claims && (await findActiveSessionRole(ctx, claims.sessionId));
    return claims && role ? { ...claims, role } : null;
  };
}
