/**
 * Closing an account (decision 038). The owner asks with the password: the deletion is scheduled
 * ACCOUNT_DELETION_DELAY_MS later, every session ends and an e-mail brings the link that cancels it
 * (sign-in is refused meanwhile: auth/sessions.ts). Once the date has passed, the sweep
 * (deletion.jobs.ts) deletes the account in one transaction: the `users` row, and with it, by their
 * foreign keys' ON DELETE CASCADE, every row of the account. What no foreign key reaches each feature
 * declares (lib/personal-data.ts; decision 054): rows kept without the person, throttle subjects, the
 * files in the store (removed after the commit), and what holds the deletion back (an open atención).
 */
import { and, asc, eq, isNotNull, isNull, lte, not, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ACCOUNT_DELETION_DELAY_MS, type BodyOf, type deleteAccount } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createToken, hashToken } from '../../lib/crypto/tokens.ts';
import type { UserAuth } from '../../lib/http/routes.ts';
import type { ClientOrigin } from '../../lib/http/client-origin.ts';
import { forgetSubjects, type Check } from '../../lib/throttle/throttle.ts';
import { deliverEventsSoon } from '../../lib/outbox/outbox.ts';
import { releaseStoredFiles } from '../../lib/storage/released-files.ts';
import { users } from '../accounts/accounts.schema.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { chileDateTime } from '../activity/security-notice.ts';
import { requirePasswordAgain } from '../two-factor/password-check.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { phoneNamesOf } from '../devices/devices.data.ts';
import { deletionCancelTokens } from './deletion.schema.ts';
import { deletionScheduledEmail } from './deletion.emails.ts';

/** the panel's page that cancels a deletion with the e-mailed token (no sign-in) */
export const CANCEL_DELETION_PATH = '/cancelar-eliminacion';

/** ours: accounts deleted per sweep, so one run stays short; the next run takes the rest */
const ACCOUNTS_PER_SWEEP = 50;

/** the declared reasons to wait (an open atención), for the account whose id is `userId` */
const holdsBack = (ctx: AppContext, userId: SQLWrapper): SQL[] =>
  ctx.personalData.flatMap((data) => (data.deletion?.holdsBack ? [data.deletion.holdsBack(userId)] : []));

async function isHeldBack(ctx: AppContext, db: DbOrTransaction, userId: number): Promise<boolean> {
  const reasons = holdsBack(ctx, sql`${userId}`);
  if (reasons.length === 0) return false;
  const [row] = await db
    .select({ held: sql<boolean>`${sql.join(reasons, sql` or `)}` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.held === true;
}

/**
 * app/account/delete: the password checked (two-factor/password-check.ts, under the one limit per
 * session of every password re-entered; it does not open the wipe's window), then in one transaction the date set, a cancel token stored (its SHA-256),
 * every session revoked, the activity entry written and the e-mail handed to the mail server: a mail
 * server that refuses it undoes everything (MAIL_UNAVAILABLE), so nobody is left without the link.
 */
export async function requestDeletion(
  ctx: AppContext,
  auth: UserAuth,
  body: BodyOf<typeof deleteAccount>,
  origin: ClientOrigin,
) {
  // an operator's account is closed by the administrator (`npm run admin -- operator disable`): its
  // name stays on the atenciones it worked on
  if (auth.role !== 'customer')
    throw new AppError('FORBIDDEN', 'Las cuentas de operador no se eliminan aquí.');
  // the password, and with two-step sign-in on a code, as before a wipe
  const forgiveTries = await requirePasswordAgain(ctx, auth, {
    password: body.password,
    code: body.code,
    secondStep: true,
  });

  const now = ctx.now();
  const scheduledAt = new Date(now.getTime() + ACCOUNT_DELETION_DELAY_MS);
  const token = createToken();
  const hasOpenAtencion = await isHeldBack(ctx, ctx.db, auth.userId);
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ deletionRequestedAt: now, deletionScheduledAt: scheduledAt, updatedAt: now })
      .where(and(eq(users.id, auth.userId), isNull(users.deletionScheduledAt)))
      .returning({ name: users.name, email: users.email, emailVerifiedAt: users.emailVerifiedAt });
    // scheduled by another request of this account a moment ago, which ended this session too
    if (!user) throw new AppError('UNAUTHENTICATED');
    await forgiveTries(tx);
    await tx.insert(deletionCancelTokens).values({ userId: auth.userId, tokenHash: hashToken(token) });
    await revokeAllSessions(ctx, auth.userId, tx);
    await recordActivity(ctx, { userId: auth.userId, kind: 'deletion_requested', origin }, tx);
    await ctx.mailer.send({
      to: user.email,
      ...deletionScheduledEmail({
        name: user.emailVerifiedAt ? user.name : null,
        brand: ctx.env.BRAND_NAME,
        when: chileDateTime(scheduledAt),
        cancelLink: `${ctx.env.PUBLIC_URL}${CANCEL_DELETION_PATH}/${token}`,
        hasOpenAtencion,
      }),
    });
  });
  // signed out everywhere: the open panels too
  ctx.realtime.disconnectPanels({ userId: auth.userId });
  return { deletion_scheduled_at: scheduledAt.toISOString(), open_atencion: hasOpenAtencion };
}

/**
 * auth/cancelDeletion: the e-mailed link keeps the account. It works once, and only while the account
 * still exists with its deletion scheduled. The account's row is locked before the token, in the
 * order the sweep locks them, so a cancel and a deletion at the same moment do not deadlock: one
 * waits, and then finds the other's result.
 */
export async function cancelDeletion(ctx: AppContext, token: string, origin: ClientOrigin) {
  const tokenHash = hashToken(token);
  const [found] = await ctx.db
    .select({ userId: deletionCancelTokens.userId })
    .from(deletionCancelTokens)
    .where(and(eq(deletionCancelTokens.tokenHash, tokenHash), isNull(deletionCancelTokens.usedAt)));
  if (!found) throw new AppError('DELETION_LINK_INVALID');
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, found.userId), isNotNull(users.deletionScheduledAt)))
      .for('update');
    if (!user) throw new AppError('DELETION_LINK_INVALID');
    const claimed = await tx
      .update(deletionCancelTokens)
      .set({ usedAt: ctx.now() })
      .where(and(eq(deletionCancelTokens.tokenHash, tokenHash), isNull(deletionCancelTokens.usedAt)))
      .returning({ id: deletionCancelTokens.id });
    if (claimed.length === 0) throw new AppError('DELETION_LINK_INVALID');
    await tx
      .update(users)
      .set({ deletionRequestedAt: null, deletionScheduledAt: null, updatedAt: ctx.now() })
      .where(eq(users.id, user.id));
    // any other cancel link of the account (none today: a request needs a session) ends with it
    await tx
      .update(deletionCancelTokens)
      .set({ usedAt: ctx.now() })
      .where(and(eq(deletionCancelTokens.userId, user.id), isNull(deletionCancelTokens.usedAt)));
    await recordActivity(ctx, { userId: user.id, kind: 'deletion_cancelled', origin }, tx);
  });
  return { status: 'cancelled' as const };
}

/**
 * Deletes one account whose date has passed, in one transaction, unless it was cancelled meanwhile or
 * the central has one of its atenciones open. Its files are released in the same transaction
 * (lib/storage/released-files.ts); its phones are told and disconnected once it is committed.
 * Returns whether the account was deleted.
 */
export async function deleteAccountNow(ctx: AppContext, userId: number): Promise<boolean> {
  const deleted = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), lte(users.deletionScheduledAt, ctx.now())))
      .for('update');
    if (!user) return null;
    // the central keeps an open atención, and the account with it, until it is closed
    if (await isHeldBack(ctx, tx, userId)) return null;
    const account = { userId, email: user.email };
    const declared = ctx.personalData.flatMap((data) => (data.deletion ? [data.deletion] : []));

    const keys: string[] = [];
    for (const part of declared) if (part.files) keys.push(...(await part.files(tx, account)));
    await releaseStoredFiles(ctx, tx, keys);
    for (const part of declared) await part.erase?.(tx, account, ctx);
    // throttle rows are keyed by text, not by a foreign key: those that name the account go here
    const subjects = { exact: [] as Check[], startingWith: [] as Check[] };
    for (const part of declared) {
      const named = await part.throttleSubjects?.(tx, account, ctx);
      subjects.exact.push(...(named?.exact ?? []));
      subjects.startingWith.push(...(named?.startingWith ?? []));
    }
    await forgetSubjects(tx, subjects);
    const phoneRowIds = [...(await phoneNamesOf(tx, userId)).keys()];

    await tx.delete(users).where(eq(users.id, userId));
    return { phoneRowIds };
  });
  if (!deleted) return false;
  ctx.log.info({ userId }, 'account deleted');
  // its files leave the store now, apart from the sweep (lib/storage/released-files.ts)
  deliverEventsSoon(ctx, 'storedFilesReleased');
  ctx.realtime.disconnectPanels({ userId });
  // the phones forget the account (devices.events.ts); their tokens went with their rows
  await ctx.events.emit('accountDeleted', { userId, deviceRowIds: deleted.phoneRowIds });
  return true;
}

/** The sweep (deletion.jobs.ts): every account past its date without an open atención is deleted. */
export async function deleteDueAccounts(ctx: AppContext): Promise<void> {
  const due = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(lte(users.deletionScheduledAt, ctx.now()), ...holdsBack(ctx, users.id).map((held) => not(held))),
    )
    .orderBy(asc(users.deletionScheduledAt))
    .limit(ACCOUNTS_PER_SWEEP);
  for (const { id } of due) await deleteAccountNow(ctx, id);
}
