/**
 * Closing an account (issue 29 item 8; decision 038). The owner asks with the password: the deletion
 * is scheduled ACCOUNT_DELETION_DELAY_MS later, every session ends and an e-mail brings the link that
 * cancels it (sign-in is refused meanwhile: auth/sessions.ts). Once the date has passed, the sweep
 * (deletion.jobs.ts) deletes the account in one transaction: the `users` row, and with it, by their
 * foreign keys' ON DELETE CASCADE, every row of the account (phones and what they reported, routes,
 * alerts, network both ways, sessions and tokens, activity, plan, sales profile and bank account,
 * closed atenciones). What no foreign key reaches is done here by hand: the throttle rows named by
 * its e-mail, the files in the store (after the commit), the payments (kept without the person).
 * An open atención holds the deletion back until the central closes it.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, notExists, sql } from 'drizzle-orm';
import { ACCOUNT_DELETION_DELAY_MS, type BodyOf, type deleteAccount } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createToken, hashToken } from '../../lib/crypto/tokens.ts';
import type { UserAuth } from '../../lib/http/routes.ts';
import type { ClientOrigin } from '../../lib/http/client-origin.ts';
import { forgetSubjects } from '../../lib/throttle/throttle.ts';
import { users } from '../accounts/accounts.schema.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { chileDateTime } from '../activity/security-notice.ts';
import { passwordAgainLimit, requirePasswordAgain } from '../two-factor/password-check.ts';
import { authLimits } from '../auth/auth.limits.ts';
import { sessions } from '../auth/auth.schema.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { atencionEvidence, atenciones } from '../atenciones/atenciones.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { dataExports } from '../export/export.schema.ts';
import { lostReports } from '../lostphone/lostphone.schema.ts';
import { networkLimits } from '../network/network.limits.ts';
import { flowSandboxPayments, payments } from '../payments/payments.schema.ts';
import { accountCodeBackoff, twoFactorLimits } from '../two-factor/two-factor.limits.ts';
import { deletionCancelTokens, deletionPendingFiles } from './deletion.schema.ts';
import { deletionScheduledEmail } from './deletion.emails.ts';

/** the panel's page that cancels a deletion with the e-mailed token (no sign-in) */
export const CANCEL_DELETION_PATH = '/cancelar-eliminacion';

/** ours: accounts deleted per sweep, so one run stays short; the next run takes the rest */
const ACCOUNTS_PER_SWEEP = 50;
/** ours: files removed from the store per sweep */
const FILES_PER_SWEEP = 500;

const openAtencionOf = (db: DbOrTransaction, userId: number) =>
  db
    .select({ id: atenciones.id })
    .from(atenciones)
    .where(and(eq(atenciones.userId, userId), isNull(atenciones.endedAt)))
    .limit(1);

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
  const hasOpenAtencion = (await openAtencionOf(ctx.db, auth.userId)).length > 0;
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
 * the central has one of its atenciones open. Its files are queued in `deletion_pending_files` in the
 * same transaction; its phones are told and disconnected once it is committed. Returns whether the
 * account was deleted.
 */
export async function deleteAccountNow(ctx: AppContext, userId: number): Promise<boolean> {
  const deleted = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: users.id,
        email: users.email,
        referredBy: users.referredByUserId,
        avatarKey: users.avatarKey,
      })
      .from(users)
      .where(and(eq(users.id, userId), lte(users.deletionScheduledAt, ctx.now())))
      .for('update');
    if (!user) return null;
    // the central keeps an open atención, and the account with it, until it is closed
    if ((await openAtencionOf(tx, userId)).length > 0) return null;

    const phones = await tx.select({ id: devices.id }).from(devices).where(eq(devices.userId, userId));
    const phoneIds = phones.map((phone) => phone.id);
    const photos =
      phoneIds.length === 0
        ? []
        : await tx
            .select({ key: lostReports.imageKey })
            .from(lostReports)
            .where(inArray(lostReports.deviceId, phoneIds));
    const videos = await tx
      .select({ key: atencionEvidence.storageKey })
      .from(atencionEvidence)
      .innerJoin(atenciones, eq(atenciones.id, atencionEvidence.atencionId))
      .where(eq(atenciones.userId, userId));
    // the ZIPs of the account's own data exports, still in the store for up to a day
    const exports = await tx
      .select({ key: dataExports.storageKey })
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), isNotNull(dataExports.storageKey)));
    const exportKeys = exports.flatMap((file) => (file.key ? [file.key] : []));
    const keys = [...(user.avatarKey ? [user.avatarKey] : []), ...photos, ...videos, ...exportKeys].map(
      (file) => (typeof file === 'string' ? file : file.key),
    );
    if (keys.length > 0) {
      await tx
        .insert(deletionPendingFiles)
        .values(keys.map((storageKey) => ({ storageKey })))
        .onConflictDoNothing();
    }

    // payments stay for accounting, without the person: the row loses its account (ON DELETE SET
    // NULL) and keeps the referrer, so the referrer's commission keeps its amount
    await tx
      .update(payments)
      .set({ deletedAccountReferrerId: user.referredBy })
      .where(eq(payments.userId, userId));
    // the built-in Flow sandbox's copy of an order holds the payer's e-mail
    const orders = tx
      .select({ commerceOrder: payments.commerceOrder })
      .from(payments)
      .where(eq(payments.userId, userId));
    await tx
      .update(flowSandboxPayments)
      .set({ email: '' })
      .where(inArray(flowSandboxPayments.commerceOrder, orders));

    // throttle rows are keyed by text, not by a foreign key: those that name the account go by hand
    const email = user.email.trim().toLowerCase();
    const sessionIds = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
    const limits = authLimits(ctx.env);
    await forgetSubjects(tx, {
      exact: [
        { limit: limits.resetEmail, subject: email },
        { limit: limits.emailCheck, subject: email },
        { limit: limits.resendVerificationMinute, subject: String(userId) },
        { limit: limits.resendVerificationDay, subject: String(userId) },
        { limit: limits.changeEmailAccount, subject: String(userId) },
        { limit: networkLimits.invitationsEmail, subject: email },
        { limit: networkLimits.invitationsAccount, subject: String(userId) },
        { limit: accountCodeBackoff, subject: String(userId) },
        { limit: twoFactorLimits(ctx.env).wrongCodeNotice, subject: String(userId) },
        ...sessionIds.flatMap(({ id }) =>
          [passwordAgainLimit, twoFactorLimits(ctx.env).confirmSession].map((limit) => ({
            limit,
            subject: String(id),
          })),
        ),
      ],
      startingWith: [{ limit: limits.signInPair, subject: `${email}|` }],
    });

    await tx.delete(users).where(eq(users.id, userId));
    return { phoneIds };
  });
  if (!deleted) return false;
  ctx.log.info({ userId }, 'account deleted');
  // the phones forget the account; their tokens went with their rows
  for (const phoneId of deleted.phoneIds) {
    ctx.realtime.toDevice(phoneId, 'accountDeleted', {});
    ctx.realtime.disconnectDevice(phoneId);
  }
  ctx.realtime.disconnectPanels({ userId });
  return true;
}

/**
 * Removes the queued files from the store, each row deleted once its file is gone. Returns how many
 * could not be removed: their rows stay for the next sweep.
 */
export async function removePendingFiles(ctx: AppContext): Promise<number> {
  const pending = await ctx.db
    .select({ key: deletionPendingFiles.storageKey })
    .from(deletionPendingFiles)
    .orderBy(asc(deletionPendingFiles.createdAt))
    .limit(FILES_PER_SWEEP);
  let failed = 0;
  for (const { key } of pending) {
    try {
      await ctx.storage.delete(key);
      await ctx.db.delete(deletionPendingFiles).where(eq(deletionPendingFiles.storageKey, key));
    } catch (error) {
      failed += 1;
      ctx.log.warn(
        { err: error, key },
        'a deleted account’s file could not be removed; the next sweep tries again',
      );
    }
  }
  return failed;
}

/**
 * The sweep (deletion.jobs.ts): every account past its date without an open atención is deleted, then
 * the files of every deleted account still queued are removed. A file that could not be removed fails
 * the run, so the runner tries again sooner than the next sweep; nothing is lost either way.
 */
export async function deleteDueAccounts(ctx: AppContext): Promise<void> {
  const due = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        lte(users.deletionScheduledAt, ctx.now()),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(atenciones)
            .where(and(eq(atenciones.userId, users.id), isNull(atenciones.endedAt))),
        ),
      ),
    )
    .orderBy(asc(users.deletionScheduledAt))
    .limit(ACCOUNTS_PER_SWEEP);
  for (const { id } of due) await deleteAccountNow(ctx, id);
  const failed = await removePendingFiles(ctx);
  if (failed > 0) throw new Error(`${failed} files of deleted accounts could not be removed`);
}
