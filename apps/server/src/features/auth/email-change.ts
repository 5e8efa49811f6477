/**
 * Changing the account's e-mail, so that a thief with a session and the password cannot take it
 * (decision 050). Asked for with the password, the change sends a link to the new address and, at once,
 * a notice to the current one, with a link that confirms or cancels it. It applies once the new
 * address's link was opened in a session of the account and, when the current address was verified,
 * that address confirmed it or EMAIL_CHANGE_WAIT_MS passed without it saying no (the job of
 * auth.jobs.ts applies those). A reset, a new password or closing the other sessions spends it
 * (account-links.ts).
 */
import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import {
  EMAIL_CHANGE_WAIT_MS,
  EMAIL_VERIFICATION_TTL_MS,
  type BodyOf,
  type changeEmail,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import { noOrigin, type ClientOrigin } from '../../lib/http/client-origin.ts';
import { createToken, hashToken } from '../../lib/crypto/tokens.ts';
import { isUniqueViolation } from '../../lib/db/errors.ts';
import { isoText } from '../../lib/db/plain-query.ts';
import { takeHits } from '../../lib/throttle/throttle.ts';
import { users } from '../accounts/accounts.schema.ts';
import { findUserByEmail } from '../accounts/accounts.service.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { sendSecurityNotice } from '../activity/security-notice.ts';
import { requirePasswordAgain } from '../two-factor/password-check.ts';
import { emailChanges } from './auth.schema.ts';
import { spendMailboxLinks } from './account-links.ts';
import { emailChangeLinkEmail, emailChangeNoticeEmail } from './auth.emails.ts';
import { authLimits } from './auth.limits.ts';
import { revokeAllSessions } from './sessions.ts';

/** the panel's pages of the two links: the new address's (signed in), the current address's (open) */
export const CONFIRM_EMAIL_PATH = '/confirmar-email';
export const EMAIL_CHANGE_PATH = '/cambio-de-email';

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const EMAIL_TAKEN_FIELD = { email: 'Ya existe una cuenta registrada con este email.' };
const newLinkInvalid = () =>
  new AppError(
    'EMAIL_LINK_INVALID',
    'El enlace para confirmar tu nuevo email no es válido, ya fue utilizado, fue reemplazado por un cambio más nuevo o ha expirado. Si aún quieres cambiarlo, pídelo de nuevo desde tu perfil.',
  );
const currentLinkInvalid = () =>
  new AppError('EMAIL_LINK_INVALID', 'El enlace no es válido. Revisa que lo hayas copiado completo.');
const linkGone = () =>
  new AppError(
    'EMAIL_LINK_INVALID',
    'Este cambio de email ya no está en curso: se aplicó, se canceló o se pidió otro.',
  );

type ChangeRow = typeof emailChanges.$inferSelect;

/**
 * app/account/changeEmail: the password first (wrong ones limited per session, with every other call
 * that re-asks it: two-factor/password-check.ts),
 * then the new address, which must be free. Any change under way is replaced; the new address gets
 * its link and the current one its notice. Nothing of the account changes until the change applies.
 */
export async function requestEmailChange(
  ctx: AppContext,
  auth: { userId: number; sessionId: number },
  input: BodyOf<typeof changeEmail>,
  origin: ClientOrigin,
) {
  const limits = authLimits(ctx.env);
  const forgiveTries = await requirePasswordAgain(ctx, auth, {
    password: input.password,
    secondStep: false,
  });
  await forgiveTries(ctx.db);
  const [user] = await ctx.db
    .select({ name: users.name, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, auth.userId));
  if (!user) throw new AppError('UNAUTHENTICATED');

  const email = input.email.trim();
  if (normalizeEmail(email) === normalizeEmail(user.email))
    throw new AppError('VALIDATION', 'Ese ya es el email de tu cuenta.', {
      email: 'Ese ya es el email de tu cuenta.',
    });
  // whether an e-mail has an account is told only with the password, and only so often
  await takeHits(ctx, [
    { limit: limits.changeEmailAccount, subject: String(auth.userId) },
    { limit: limits.emailCheck, subject: normalizeEmail(email) },
  ]);
  if (await findUserByEmail(ctx, email)) throw new AppError('EMAIL_TAKEN', undefined, EMAIL_TAKEN_FIELD);

  const now = ctx.now();
  const newToken = createToken();
  const oldToken = createToken();
  // the current address has a say only when it was shown to be the owner's
  const appliesAfter = user.emailVerifiedAt ? new Date(now.getTime() + EMAIL_CHANGE_WAIT_MS) : null;
  const change = await ctx.db.transaction(async (tx) => {
    await tx
      .update(emailChanges)
      .set({ endedAt: now, outcome: 'replaced' })
      .where(and(eq(emailChanges.userId, auth.userId), isNull(emailChanges.endedAt)));
    const [row] = await tx
      .insert(emailChanges)
      .values({
        userId: auth.userId,
        oldEmail: user.email,
        newEmail: email,
        createdAt: now,
        address: origin.address?.slice(0, 64) ?? null,
        browser: origin.browser?.slice(0, 120) ?? null,
        newTokenHash: hashToken(newToken),
        newTokenExpiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS),
        oldTokenHash: hashToken(oldToken),
        appliesAfter,
      })
      .returning({ id: emailChanges.id });
    await recordActivity(
      ctx,
      { userId: auth.userId, kind: 'email_change_requested', origin, detail: email },
      tx,
    );
    return row!;
  });

  const brand = ctx.env.BRAND_NAME;
  try {
    // the current address first: a change its owner was not told of must not go ahead
    await ctx.mailer.send({
      to: user.email,
      ...emailChangeNoticeEmail({
        name: user.emailVerifiedAt ? user.name : null,
        newEmail: email,
        at: now,
        origin,
        appliesAfter,
        link: `${ctx.env.PUBLIC_URL}${EMAIL_CHANGE_PATH}/${oldToken}`,
        brand,
      }),
    });
    await ctx.mailer.send({
      to: email,
      ...emailChangeLinkEmail({
        email,
        link: `${ctx.env.PUBLIC_URL}${CONFIRM_EMAIL_PATH}/${newToken}`,
        brand,
      }),
    });
  } catch (error) {
    await ctx.db
      .update(emailChanges)
      .set({ endedAt: ctx.now(), outcome: 'cancelled' })
      .where(and(eq(emailChanges.id, change.id), isNull(emailChanges.endedAt)));
    throw error;
  }
  return { status: 'sent' as const, email, applies_at: appliesAfter?.toISOString() ?? null };
}

/** the change under way of the account, locked in `db` (null when there is none) */
async function lockOpenChange(db: DbOrTransaction, where: ReturnType<typeof eq>) {
  const [row] = await db
    .select()
    .from(emailChanges)
    .where(and(where, isNull(emailChanges.endedAt)))
    .for('update');
  return row ?? null;
}

const isDue = (row: ChangeRow, now: Date) =>
  row.newProvenAt !== null &&
  (row.appliesAfter === null || row.oldConfirmedAt !== null || row.appliesAfter <= now);

/** what the panel is told of a change that is still waiting */
const waitingAnswer = (row: ChangeRow) => ({
  status: 'waiting' as const,
  email: row.newEmail,
  applies_at: row.appliesAfter?.toISOString() ?? null,
});

/**
 * The change becomes the account's e-mail, in `db`: verified, and every reset and verification link
 * of the old address spent (a reset link works only for its own address, decision 050). A new address
 * taken meanwhile ends the change instead. Returns what to tell once committed.
 */
async function applyChange(ctx: AppContext, db: DbOrTransaction, row: ChangeRow, origin: ClientOrigin) {
  const now = ctx.now();
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalizeEmail(row.newEmail)))
    .limit(1);
  if (holder && holder.id !== row.userId) {
    await db.update(emailChanges).set({ endedAt: now, outcome: 'taken' }).where(eq(emailChanges.id, row.id));
    return { outcome: 'taken' as const };
  }
  await db
    .update(users)
    .set({ email: row.newEmail, emailVerifiedAt: now, updatedAt: now })
    .where(eq(users.id, row.userId));
  await db.update(emailChanges).set({ endedAt: now, outcome: 'applied' }).where(eq(emailChanges.id, row.id));
  await spendMailboxLinks(ctx, db, row.userId);
  await recordActivity(
    ctx,
    { userId: row.userId, kind: 'email_changed', origin, detail: `${row.oldEmail} → ${row.newEmail}` },
    db,
  );
  return { outcome: 'applied' as const };
}

/** After an applied change's commit: the old address is told (it never fails the change). */
async function tellApplied(ctx: AppContext, row: ChangeRow, origin: ClientOrigin) {
  await sendSecurityNotice(ctx, {
    userId: row.userId,
    kind: 'email_changed',
    origin,
    detail: row.newEmail,
    to: row.oldEmail,
  });
}

/** Runs `work` on the change in one transaction; a unique index losing to a sign-up is EMAIL_TAKEN. */
async function inChangeTransaction<T>(ctx: AppContext, work: (tx: DbOrTransaction) => Promise<T>) {
  try {
    return await ctx.db.transaction(work);
  } catch (error) {
    // another account took the address between the check and the update: the unique index decides
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', undefined, EMAIL_TAKEN_FIELD);
    throw error;
  }
}

/**
 * app/account/confirmEmailChange: the new address's link, opened in a session of the account that
 * asked for it (whoever holds the new mailbox also holds the account). It proves the new address; the
 * change applies now when nothing else is waited for. Opening it again tells where it stands.
 */
export async function confirmNewAddress(
  ctx: AppContext,
  auth: { userId: number },
  token: string,
  origin: ClientOrigin,
) {
  const now = ctx.now();
  const result = await inChangeTransaction(ctx, async (tx) => {
    const row = await lockOpenChange(tx, eq(emailChanges.newTokenHash, hashToken(token)));
    if (!row) throw newLinkInvalid();
    if (row.userId !== auth.userId)
      throw new AppError(
        'EMAIL_LINK_INVALID',
        'Este enlace es de otra cuenta. Ingresa con la cuenta en la que pediste el cambio y ábrelo de nuevo.',
      );
    if (row.newProvenAt === null) {
      if (row.newTokenExpiresAt <= now) throw newLinkInvalid();
      await tx.update(emailChanges).set({ newProvenAt: now }).where(eq(emailChanges.id, row.id));
      row.newProvenAt = now;
    }
    if (!isDue(row, now)) return { row, answer: waitingAnswer(row) };
    const applied = await applyChange(ctx, tx, row, origin);
    if (applied.outcome === 'taken') return { row, answer: null };
    return { row, answer: { status: 'email_changed' as const, email: row.newEmail, applies_at: null } };
  });
  if (!result.answer) throw new AppError('EMAIL_TAKEN', undefined, EMAIL_TAKEN_FIELD);
  if (result.answer.status === 'email_changed') await tellApplied(ctx, result.row, origin);
  return result.answer;
}

/** auth/emailChange/find: what the current address's link is about, for its page to ask yes or no. */
export async function describeChangeForCurrentAddress(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select()
    .from(emailChanges)
    .where(eq(emailChanges.oldTokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw currentLinkInvalid();
  if (row.endedAt) throw linkGone();
  return {
    change: {
      old_email: row.oldEmail,
      new_email: row.newEmail,
      requested_at: row.createdAt.toISOString(),
      address: row.address,
      browser: row.browser,
      applies_at: row.appliesAfter?.toISOString() ?? null,
      new_address_confirmed: row.newProvenAt !== null,
      confirmed: row.oldConfirmedAt !== null,
    },
  };
}

/**
 * auth/emailChange/answer: the current address says yes (the change applies now if the new address
 * is proven, or as soon as it is) or no: the change ends, and so does every session of the account,
 * since whoever asked for it had one and the password. The panel then asks to change the password.
 */
export async function answerAsCurrentAddress(
  ctx: AppContext,
  input: { token: string; answer: 'confirm' | 'cancel' },
  origin: ClientOrigin,
) {
  const now = ctx.now();
  const result = await inChangeTransaction(ctx, async (tx) => {
    const row = await lockOpenChange(tx, eq(emailChanges.oldTokenHash, hashToken(input.token)));
    if (!row) {
      const [ended] = await tx
        .select({ id: emailChanges.id })
        .from(emailChanges)
        .where(eq(emailChanges.oldTokenHash, hashToken(input.token)));
      throw ended ? linkGone() : currentLinkInvalid();
    }
    if (input.answer === 'cancel') {
      await tx
        .update(emailChanges)
        .set({ endedAt: now, outcome: 'cancelled' })
        .where(eq(emailChanges.id, row.id));
      await revokeAllSessions(ctx, row.userId, tx);
      await recordActivity(
        ctx,
        { userId: row.userId, kind: 'email_change_cancelled', origin, detail: row.newEmail },
        tx,
      );
      return { row, status: 'cancelled' as const };
    }
    await tx.update(emailChanges).set({ oldConfirmedAt: now }).where(eq(emailChanges.id, row.id));
    row.oldConfirmedAt = now;
    if (!isDue(row, now)) return { row, status: 'confirmed' as const };
    const applied = await applyChange(ctx, tx, row, origin);
    return { row, status: applied.outcome === 'applied' ? ('email_changed' as const) : ('taken' as const) };
  });
  if (result.status === 'cancelled') ctx.realtime.disconnectPanels({ userId: result.row.userId });
  if (result.status === 'email_changed') await tellApplied(ctx, result.row, origin);
  if (result.status === 'taken') throw new AppError('EMAIL_TAKEN', undefined, EMAIL_TAKEN_FIELD);
  return { status: result.status, email: result.row.newEmail };
}

/** app/account/cancelEmailChange: the owner, signed in, drops the change under way. */
export async function cancelOwnEmailChange(ctx: AppContext, auth: { userId: number }, origin: ClientOrigin) {
  await ctx.db.transaction(async (tx) => {
    const row = await lockOpenChange(tx, eq(emailChanges.userId, auth.userId));
    if (!row) throw new AppError('EMAIL_CHANGE_NOT_PENDING');
    await tx
      .update(emailChanges)
      .set({ endedAt: ctx.now(), outcome: 'cancelled' })
      .where(eq(emailChanges.id, row.id));
    await recordActivity(
      ctx,
      { userId: auth.userId, kind: 'email_change_cancelled', origin, detail: row.newEmail },
      tx,
    );
  });
  return { status: 'cancelled' as const };
}

/**
 * The scheduled work (auth.jobs.ts): changes whose new address is proven and whose wait is over apply,
 * each in its own transaction; those whose new address's link expired unopened end.
 */
export async function applyDueEmailChanges(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  await ctx.db
    .update(emailChanges)
    .set({ endedAt: now, outcome: 'expired' })
    .where(
      and(
        isNull(emailChanges.endedAt),
        isNull(emailChanges.newProvenAt),
        lte(emailChanges.newTokenExpiresAt, now),
      ),
    );
  const due = await ctx.db
    .select({ id: emailChanges.id })
    .from(emailChanges)
    .where(
      and(
        isNull(emailChanges.endedAt),
        isNotNull(emailChanges.newProvenAt),
        lte(emailChanges.appliesAfter, now),
      ),
    );
  for (const { id } of due) {
    const applied = await inChangeTransaction(ctx, async (tx) => {
      const row = await lockOpenChange(tx, eq(emailChanges.id, id));
      if (!row || !isDue(row, ctx.now())) return null;
      return { row, ...(await applyChange(ctx, tx, row, noOrigin)) };
    }).catch((error: unknown) => {
      ctx.log.warn({ err: error, changeId: id }, 'an e-mail change could not be applied');
      return null;
    });
    if (applied?.outcome === 'applied') await tellApplied(ctx, applied.row, noOrigin);
  }
}

/**
 * The change under way as user details carry it (decision 047's one statement): a JSON value or
 * null, of the account whose `users` row is `u`.
 */
export const EMAIL_CHANGE_DETAIL_SQL = `(select json_build_object(
    'email', ec.new_email,
    'applies_at', ${isoText('ec.applies_after')},
    'new_address_confirmed', ec.new_proven_at is not null,
    'confirmed', ec.old_confirmed_at is not null)
  from email_changes ec where ec.user_id = u.id and ec.ended_at is null)`;
