/**
 * E-mail verification (decision 034, amended by 050). An account's e-mail counts as the owner's only
 * once shown to be: a link sent to it opened, Google vouching for it, or a reset link sent to it used.
 * The first such proof on an account made before is a reclaim (reclaim.ts): whoever made the account
 * may not be the mailbox's owner. Links are random, stored as their SHA-256, work once and for
 * 48 hours, and a new one ends the older ones. A change of e-mail is email-change.ts.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { RESET_TOKEN_TTL_MS, EMAIL_VERIFICATION_TTL_MS } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ClientOrigin } from '../../lib/http/client-origin.ts';
import { createToken, hashToken } from '../../lib/crypto/tokens.ts';
import { forgive, takeHits } from '../../lib/throttle/throttle.ts';
import { users } from '../accounts/accounts.schema.ts';
import { emailVerifications, passwordResets } from './auth.schema.ts';
import { verifyEmailEmail } from './auth.emails.ts';
import { authLimits } from './auth.limits.ts';
import { isNeverVerified, reclaimAccount } from './reclaim.ts';

/** the panel's page that opens a verification link (apps/web: the auth feature's verify-email page) */
export const VERIFY_EMAIL_PATH = '/verificar-email';

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * A new verification link for the account, e-mailed to its address; its older links stop working. A
 * mail server that does not take it throws MAIL_UNAVAILABLE (the link stays, unused).
 */
export async function sendVerificationLink(
  ctx: AppContext,
  user: { id: number; email: string },
): Promise<void> {
  const token = createToken();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(and(eq(emailVerifications.userId, user.id), isNull(emailVerifications.usedAt)));
    await tx.insert(emailVerifications).values({
      userId: user.id,
      kind: 'verify',
      email: user.email,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS),
    });
  });
  const link = `${ctx.env.PUBLIC_URL}${VERIFY_EMAIL_PATH}/${token}`;
  await ctx.mailer.send({ to: user.email, ...verifyEmailEmail({ link, brand: ctx.env.BRAND_NAME }) });
}

/**
 * The sign-up's verification e-mail. The account stands whatever the mail server does: a failure is
 * logged, and the panel's banner lets the person ask again.
 */
export async function sendSignUpVerification(
  ctx: AppContext,
  user: { id: number; email: string },
): Promise<void> {
  try {
    await sendVerificationLink(ctx, user);
  } catch (error) {
    ctx.log.warn({ err: error, userId: user.id }, 'sign-up: the verification e-mail could not be sent');
  }
}

/** app/account/resendVerification: a new link, limited per account (auth.limits.ts). */
export async function resendVerification(ctx: AppContext, userId: number) {
  const [user] = await ctx.db
    .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
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
    await sendVerificationLink(ctx, { id: userId, email: user.email });
  } catch (error) {
    // nothing reached the person: the attempt does not count against them
    await forgive(ctx.db, { ids: hits });
    throw error;
  }
  return { status: 'sent' as const, email: user.email };
}

/**
 * auth/verifyEmail: opens a verification link, without a session. The link is claimed in the
 * transaction that applies it, so a refusal (used, expired, for an address the account no longer has)
 * changes nothing. Opening it is the first proof of the mailbox, so the account is reclaimed: every
 * session ends and the password is dropped (decision 050). The answer carries a reset token, valid
 * RESET_TOKEN_TTL_MS and stored like the e-mailed ones, for the page to set the new password at once.
 */
export async function openEmailLink(ctx: AppContext, token: string, origin: ClientOrigin) {
  const now = ctx.now();
  const passwordToken = createToken();
  const opened = await ctx.db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerifications.tokenHash, hashToken(token)),
          eq(emailVerifications.kind, 'verify'),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, now),
        ),
      )
      .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
    if (!link) throw new AppError('EMAIL_LINK_INVALID');
    // verified meanwhile (Google, a reset): the link proves nothing new
    if (!(await isNeverVerified(tx, link.userId))) throw new AppError('EMAIL_LINK_INVALID');
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, link.userId));
    // a link to an address the account no longer has proves nothing about its current one
    if (!user || normalizeEmail(user.email) !== normalizeEmail(link.email))
      throw new AppError('EMAIL_LINK_INVALID');
    await reclaimAccount(ctx, tx, { userId: link.userId, proof: 'verify_link', origin });
    await tx.insert(passwordResets).values({
      userId: link.userId,
      email: user.email,
      tokenHash: hashToken(passwordToken),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    return { userId: link.userId, email: user.email };
  });
  // whoever had a session of the account, the person who opened the link included, is signed out
  ctx.realtime.disconnectPanels({ userId: opened.userId });
  return { status: 'verified' as const, email: opened.email, password_token: passwordToken };
}
