/**
 * E-mail verification and the safe change of e-mail (issue 29 item 1, decision 034). An account's
 * e-mail counts as the owner's only once shown to be: a link sent to it opened (`verify`), Google
 * vouching for it, or a reset link sent to it used. A new address replaces the old one only when the
 * link sent to the new address is opened (`change`), after the password was given; the old address is
 * then told. Links are random, stored as their SHA-256, work once and for 48 hours, and a new one of a
 * kind ends the older ones of that kind.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { EMAIL_VERIFICATION_TTL_MS, type BodyOf, type changeEmail } from '@escudo/contract';
import type { AppContext } from '../lib/context.ts';
import { AppError } from '../lib/app-error.ts';
import type { ClientOrigin } from '../lib/http/client-origin.ts';
import { createToken, hashToken } from '../lib/crypto/tokens.ts';
import { isUniqueViolation } from '../lib/db/errors.ts';
import { forgive, takeHits } from '../lib/throttle/throttle.ts';
import { users } from '../accounts/accounts.schema.ts';
import { findUserByEmail } from '../accounts/accounts.service.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { sendSecurityNotice } from '../activity/security-notice.ts';
import { emailVerifications } from './auth.schema.ts';
import { changeEmailEmail, verifyEmailEmail } from './auth.emails.ts';
import { authLimits } from './auth.limits.ts';
import { requirePasswordAgain } from '../two-factor/password-check.ts';

type LinkKind = (typeof emailVerifications.kind.enumValues)[number];

/** the panel's page that opens a link (apps/web: verify-email feature) */
export const VERIFY_EMAIL_PATH = '/verificar-email';

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const EMAIL_TAKEN_FIELD = { email: 'Ya existe una cuenta registrada con este email.' };

/**
 * A new link of `kind` for the account, e-mailed to `email`; the account's older links of that kind
 * stop working. A mail server that does not take it throws MAIL_UNAVAILABLE (the link stays, unused).
 */
export async function sendEmailLink(
  ctx: AppContext,
  link: { userId: number; kind: LinkKind; email: string; name: string },
): Promise<void> {
  const token = createToken();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerifications.userId, link.userId),
          eq(emailVerifications.kind, link.kind),
          isNull(emailVerifications.usedAt),
        ),
      );
    await tx.insert(emailVerifications).values({
      userId: link.userId,
      kind: link.kind,
      email: link.email,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS),
    });
  });
  const url = `${ctx.env.PUBLIC_URL}${VERIFY_EMAIL_PATH}/${token}`;
  const brand = ctx.env.BRAND_NAME;
  await ctx.mailer.send({
    to: link.email,
    ...(link.kind === 'verify'
      ? verifyEmailEmail({ name: link.name, link: url, brand })
      : changeEmailEmail({ name: link.name, email: link.email, link: url, brand })),
  });
}

/**
 * The sign-up's verification e-mail. The account stands whatever the mail server does: a failure is
 * logged, and the panel's banner lets the person ask again.
 */
export async function sendSignUpVerification(
  ctx: AppContext,
  user: { id: number; name: string; email: string },
): Promise<void> {
  try {
    await sendEmailLink(ctx, { userId: user.id, kind: 'verify', email: user.email, name: user.name });
  } catch (error) {
    ctx.log.warn({ err: error, userId: user.id }, 'sign-up: the verification e-mail could not be sent');
  }
}

/** app/account/resendVerification: a new `verify` link, limited per account (auth.limits.ts). */
export async function resendVerification(ctx: AppContext, userId: number) {
  const [user] = await ctx.db
    .select({ name: users.name, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (user.emailVerifiedAt) return { status: 'already_verified' as const, email: user.email };
  const limits = authLimits(ctx.env);
  const account = String(userId);
  const hits = await takeHits(ctx, [
    { limit: limits.resendVerificationMinute, subject: account },
    { limit: limits.resendVerificationDay, subject: account },
  ]);
  try {
    await sendEmailLink(ctx, { userId, kind: 'verify', email: user.email, name: user.name });
  } catch (error) {
    // nothing reached the person: the attempt does not count against them
    await forgive(ctx.db, { ids: hits });
    throw error;
  }
  return { status: 'sent' as const, email: user.email };
}

/**
 * app/account/changeEmail: the password first (wrong ones limited per session, with validatePass's),
 * then the new address, which must be free; a `change` link goes to it. Nothing of the account
 * changes until that link is opened (openEmailLink).
 */
export async function requestEmailChange(
  ctx: AppContext,
  auth: { userId: number; sessionId: number },
  input: BodyOf<typeof changeEmail>,
) {
  const limits = authLimits(ctx.env);
  const forgiveTries = await requirePasswordAgain(ctx, auth, limits.confirmSession, {
    password: input.password,
    secondStep: false,
  });
  await forgiveTries(ctx.db);
  const [user] = await ctx.db
    .select({ name: users.name, email: users.email })
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
  await sendEmailLink(ctx, { userId: auth.userId, kind: 'change', email, name: user.name });
  return { status: 'sent' as const, email };
}

/**
 * auth/verifyEmail: opens a link, without a session. The link is claimed in the transaction that
 * applies it, so a refusal (used, expired, an address that is no longer the account's, a new address
 * taken meanwhile) changes nothing. A change records `email_changed` and then tells the old address.
 */
export async function openEmailLink(ctx: AppContext, token: string, origin: ClientOrigin) {
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerifications.tokenHash, hashToken(token)),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, now),
        ),
      )
      .returning({
        userId: emailVerifications.userId,
        kind: emailVerifications.kind,
        email: emailVerifications.email,
      });
    if (!link) throw new AppError('EMAIL_LINK_INVALID');
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, link.userId))
      .for('update');
    if (!user) throw new AppError('EMAIL_LINK_INVALID');

    if (link.kind === 'verify') {
      // a link to an address the account no longer has proves nothing about its current one
      if (normalizeEmail(user.email) !== normalizeEmail(link.email)) throw new AppError('EMAIL_LINK_INVALID');
      await tx
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(users.id, link.userId));
      return { status: 'verified' as const, email: user.email };
    }

    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, normalizeEmail(link.email)))
      .limit(1);
    if (holder && holder.id !== link.userId) throw new AppError('EMAIL_TAKEN', undefined, EMAIL_TAKEN_FIELD);
    try {
      await tx
        .update(users)
        .set({ email: link.email, emailVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, link.userId));
    } catch (error) {
      // another account took the address between the check and the update: the unique index decides
      if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', undefined, EMAIL_TAKEN_FIELD);
      throw error;
    }
    // every other link of the account ends: verify links went to the old address, change links
    // to addresses now beside the point
    await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(and(eq(emailVerifications.userId, link.userId), isNull(emailVerifications.usedAt)));
    await recordActivity(
      ctx,
      { userId: link.userId, kind: 'email_changed', origin, detail: `${user.email} → ${link.email}` },
      tx,
    );
    return {
      status: 'email_changed' as const,
      email: link.email,
      change: { userId: link.userId, oldEmail: user.email },
    };
  });
  if (result.status === 'email_changed') {
    await sendSecurityNotice(ctx, {
      userId: result.change.userId,
      kind: 'email_changed',
      origin,
      detail: result.email,
      to: result.change.oldEmail,
    });
  }
  return { status: result.status, email: result.email };
}
