/**
 * Bearer sessions: random opaque tokens, stored as SHA-256 hashes, expiring after SESSION_TTL_MS,
 * revocable one by one (logout, the session list) or all at once (password reset and change). Each
 * keeps where it signed in from and when it was last used, for the owner's session list (decision 036).
 */
import { and, desc, eq, gt, isNull, lt, ne, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SESSION_TTL_MS, type AccountSession } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { knownBrowsers, sessions } from './auth.schema.ts';
import { users } from '../accounts/accounts.schema.ts';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import type { ClientOrigin } from '../../lib/http/client-origin.ts';
import { createToken, hashToken } from '../../lib/crypto/tokens.ts';
import { plainQuery } from '../../lib/db/plain-query.ts';
import { bearerToken, type UserAuth } from '../../lib/http/routes.ts';
import { readPanelToken } from '../../lib/realtime/panel-token.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { chileDateTime, sendSecurityNotice } from '../activity/security-notice.ts';
import type { SignInOrigin } from './browser-cookie.ts';
import { spendAccountLinks } from './account-links.ts';

/**
 * ours: a session's last use is written when the stored one is older than this, so the list is true
 * to within 5 minutes at the cost of one write per session per 5 minutes, not one per request
 */
export const SESSION_LAST_USED_STEP_MS = 5 * 60 * 1000;

/**
 * A new session for the user; `db` may be a transaction that records more of the sign-in. Every way
 * in (password, Google, sign-up, the two-step finish) comes here, so a disabled account is refused
 * here once, and here the sign-in is recorded in the account's activity. With the browser's id
 * (browser-cookie.ts `signInOriginOf`), a browser the account has never signed in from is announced
 * to the owner by e-mail, unless it is the account's first (the sign-up's own session).
 */
export async function createSession(
  ctx: AppContext,
  userId: number,
  db: DbOrTransaction,
  origin: SignInOrigin | ClientOrigin,
) {
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
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt,
    lastUsedAt: now,
    address: origin.address?.slice(0, 64) ?? null,
    browser: origin.browser?.slice(0, 120) ?? null,
  });
  await recordActivity(ctx, { userId, kind: 'sign_in', origin }, db);
  if ('browserId' in origin && (await isNewBrowser(ctx, userId, origin.browserId, db))) {
    // not awaited: the sign-in never waits for the mail server, and the notice reads the account
    // only once this transaction lets go of it (sendSecurityNotice never throws)
    ctx.background.run('new browser notice', () =>
      sendSecurityNotice(ctx, { userId, kind: 'new_browser_sign_in', origin }),
    );
  }
  return { access_token: token, token_type: 'bearer' as const, expires_at: expiresAt.toISOString() };
}

/**
 * Remembers the browser for the account; true when it was not known and the account knew another
 * (an account's first browser, at sign-up or its first sign-in since browsers are remembered, is
 * learnt silently).
 */
async function isNewBrowser(ctx: AppContext, userId: number, browserId: string, db: DbOrTransaction) {
  const browserHash = hashToken(browserId);
  const [known] = await db
    .select({ id: knownBrowsers.id })
    .from(knownBrowsers)
    .where(eq(knownBrowsers.userId, userId))
    .limit(1);
  const inserted = await db
    .insert(knownBrowsers)
    .values({ userId, browserHash, createdAt: ctx.now() })
    .onConflictDoNothing()
    .returning({ id: knownBrowsers.id });
  return inserted.length > 0 && known !== undefined;
}

/**
 * The session of a token's hash ($1), unexpired at $2, with `is_stale`: its last use is older than $3
 * (now less SESSION_LAST_USED_STEP_MS). Runs on every authenticated request, hence plain SQL
 * (lib/db/plain-query.ts); a disabled account's sessions end with it. The clock's times come as
 * milliseconds since the epoch: no Date made and written as text for them. Exported for bench:api's
 * bare anchor, which runs the same statement.
 */
export const ACTIVE_SESSION_SQL = `select s.id, s.user_id, u.role, s.last_used_at < to_timestamp($3::float8 / 1000) as is_stale
  from sessions s join users u on u.id = s.user_id
  where s.token_hash = $1 and s.revoked_at is null and s.expires_at > to_timestamp($2::float8 / 1000)
    and u.disabled_at is null
  limit 1`;
const findActiveSession = plainQuery<{
  id: number;
  user_id: number;
  role: UserAuth['role'];
  is_stale: boolean;
}>('find_active_session', ACTIVE_SESSION_SQL);

export function createSessionAuthenticator(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<UserAuth | null> => {
    const token = bearerToken(request);
    if (!token) return null;
    const nowMs = ctx.now().getTime();
    const staleMs = nowMs - SESSION_LAST_USED_STEP_MS;
    const [session] = await findActiveSession(ctx.db, [hashToken(token), nowMs, staleMs]);
    if (!session) return null;
    if (session.is_stale) touchSession(ctx, session.id, new Date(nowMs), new Date(staleMs));
    return { kind: 'user', userId: session.user_id, sessionId: session.id, role: session.role };
  };
}

/**
 * Moves a session's last use to now, its stored one being older than `stale`. Not awaited: the
 * request never waits for it, and a lost write only leaves the list a few minutes behind. The
 * condition repeats the staleness, so concurrent requests of one session write it once.
 */
function touchSession(ctx: AppContext, sessionId: number, now: Date, stale: Date): void {
  ctx.db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastUsedAt, stale)))
    .then(
      () => undefined,
      (error: unknown) => ctx.log.warn({ err: error }, "a session's last use could not be recorded"),
    );
}

/** Ends the session (sign-out), with a line in the account's activity. */
export async function revokeSession(
  ctx: AppContext,
  auth: { userId: number; sessionId: number },
  origin: ClientOrigin,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const ended = await endSessions(ctx, tx, auth.userId, eq(sessions.id, auth.sessionId));
    for (const session of ended)
      await recordActivity(
        ctx,
        { userId: auth.userId, kind: 'session_ended', origin, detail: session.browser },
        tx,
      );
  });
}

/** the sessions of a user still working (not revoked, not expired) that `which` selects, ended now */
async function endSessions(ctx: AppContext, db: DbOrTransaction, userId: number, which: SQL) {
  return db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, ctx.now()), which),
    )
    .returning({ id: sessions.id, browser: sessions.browser });
}

/** The customer's sessions still working, the latest used first (app/account/sessions). */
export async function listSessions(
  ctx: AppContext,
  auth: { userId: number; sessionId: number },
): Promise<{ sessions: AccountSession[] }> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(
      and(eq(sessions.userId, auth.userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, ctx.now())),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      current: row.id === auth.sessionId,
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt.toISOString(),
      address: row.address,
      browser: row.browser,
    })),
  };
}

/**
 * Ends one of the customer's sessions (app/account/revokeSession): its open panel is disconnected at
 * once. A session that is another's, unknown or already ended is refused FORBIDDEN, the same answer
 * for each, so that an id tells nothing (decision 036).
 */
export async function endOwnSession(
  ctx: AppContext,
  auth: { userId: number; sessionId: number },
  sessionId: number,
  origin: ClientOrigin,
) {
  await ctx.db.transaction(async (tx) => {
    const [ended] = await endSessions(ctx, tx, auth.userId, eq(sessions.id, sessionId));
    if (!ended) throw new AppError('FORBIDDEN', 'No encontramos esa sesión entre las tuyas abiertas.');
    await recordActivity(
      ctx,
      { userId: auth.userId, kind: 'session_ended', origin, detail: ended.browser },
      tx,
    );
  });
  ctx.realtime.disconnectPanels({ sessionId });
  return { status: 'ok' as const };
}

/**
 * Ends every session of the customer's but the one asking (app/account/revokeOtherSessions), and every
 * link and sign-in in progress of the account (decision 050): what a session ended now had asked for
 * (an e-mail change, a reset) must not outlive it.
 */
export async function endOtherSessions(
  ctx: AppContext,
  auth: { userId: number; sessionId: number },
  origin: ClientOrigin,
) {
  const ended = await ctx.db.transaction(async (tx) => {
    await spendAccountLinks(ctx, tx, auth.userId);
    const rows = await endSessions(ctx, tx, auth.userId, ne(sessions.id, auth.sessionId));
    for (const row of rows)
      await recordActivity(
        ctx,
        { userId: auth.userId, kind: 'session_ended', origin, detail: row.browser },
        tx,
      );
    return rows;
  });
  for (const row of ended) ctx.realtime.disconnectPanels({ sessionId: row.id });
  return { ended: ended.length };
}

/**
 * Ends every other session of the user inside `db` (a password change's transaction); the caller
 * disconnects the panels of the ids returned once it has committed.
 */
export async function revokeOtherSessions(
  ctx: AppContext,
  db: DbOrTransaction,
  auth: { userId: number; sessionId: number },
): Promise<number[]> {
  const rows = await endSessions(ctx, db, auth.userId, ne(sessions.id, auth.sessionId));
  return rows.map((row) => row.id);
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
