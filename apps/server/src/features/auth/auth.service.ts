import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  RESET_TOKEN_TTL_MS,
  type BodyOf,
  type changePassword,
  type forgotPass,
  type login,
  type loginTwoFactor,
  type resetPass,
  type signUpByCode,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { passwordResets } from './auth.schema.ts';
import { users } from '../accounts/accounts.schema.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/crypto/passwords.ts';
import { createToken, hashToken } from '../../lib/crypto/tokens.ts';
import { isUniqueViolation } from '../../lib/db/errors.ts';
import { clearHitsStartingWith, forgive, takeHits } from '../../lib/throttle/throttle.ts';
import { findUserByEmail } from '../accounts/accounts.service.ts';
import { createSession, revokeAllSessions, revokeOtherSessions } from './sessions.ts';
import type { SignInOrigin } from './browser-cookie.ts';
import type { ClientOrigin } from '../../lib/http/client-origin.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { sendSecurityNotice } from '../activity/security-notice.ts';
import { resetPasswordEmail } from './auth.emails.ts';
import { authLimits } from './auth.limits.ts';
import { checkSignUpCodes, createAccount, signUpCodesOf } from './sign-up.ts';
import { isTwoFactorOn } from '../two-factor/two-factor.service.ts';
import { checkPasswordAgain } from '../two-factor/password-check.ts';
import { accountCodeBackoff } from '../two-factor/two-factor.limits.ts';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import { createChallenge, passChallenge } from '../two-factor/challenges.ts';
import { sendSignUpVerification } from './email-verification.ts';
import { spendAccountLinks } from './account-links.ts';
import { isNeverVerified, reclaimAccount } from './reclaim.ts';

const normalizeEmail = (email: string) => email.trim().toLowerCase();
/** the subject of the per-pair limit; `|` cannot appear in an e-mail the contract accepts */
const pairOf = (email: string, address: string) => `${email}|${address}`;

/**
 * Sign-in from `address` (the request's source, as lib/http/address-key.ts counts it). A hit is taken on the pair (e-mail, address) and on
 * the address before the password is checked, so a burst of guesses is counted as it arrives; a
 * right password gives both back and clears the pair (auth.limits.ts, lib/throttle). With two-step
 * sign-in on, the answer is a challenge for the second step instead of a session (decision 035).
 */
export async function signIn(
  ctx: AppContext,
  input: BodyOf<typeof login>,
  address: string,
  origin: SignInOrigin,
) {
  const limits = authLimits(ctx.env);
  const email = normalizeEmail(input.email);
  const pair = { limit: limits.signInPair, subject: pairOf(email, address) };
  const hits = await takeHits(ctx, [pair, { limit: limits.signInAddress, subject: address }]);
  const user = await findUserByEmail(ctx, email);
  // an account made with Google has no password until it sets one ('¿Olvidaste tu contraseña?'):
  // it is refused like a wrong password, in the same time, so nobody learns how an account signs in
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await burnPasswordCheck(input.password).then(() => false);
  if (user && !valid) {
    // the owner sees the failure in the account's activity; not awaited, so that a wrong password for
    // an existing account takes no longer than one for an unknown e-mail (which records nothing)
    recordActivity(ctx, { userId: user.id, kind: 'sign_in_failed', origin }).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'a failed sign-in could not be recorded'),
    );
  }
  if (!user || !valid) throw new AppError('INVALID_CREDENTIALS');
  // one commit for the success: the hits given back, the pair's failures forgotten, the session
  return ctx.db.transaction(async (tx) => {
    await forgive(tx, { ids: hits, clear: [pair] });
    if (await isTwoFactorOn(ctx, user.id, tx)) return createChallenge(ctx, user.id, tx);
    return createSession(ctx, user.id, tx, origin);
  });
}

/** auth/loginTwoFactor: a challenge of signIn (or of Google's trade) and a code give the session */
export function signInSecondStep(
  ctx: AppContext,
  input: BodyOf<typeof loginTwoFactor>,
  origin: SignInOrigin,
) {
  return passChallenge(ctx, input, origin, (tx, userId) => createSession(ctx, userId, tx, origin));
}

/**
 * The signed-in user re-enters their password before a wipe (spec 4/6). A right one is remembered for
 * WIPE_PASSWORD_CONFIRM_WINDOW_MS (the wipe call checks it). Wrong ones are limited per session, by
 * that session's own failures only: a stolen session cannot guess the password, and nobody's failed
 * sign-ins can keep the owner from confirming a wipe (decision 010). With two-step sign-in on, a code is
 * needed too (the app's or a recovery code, used up); a wrong one counts as a failure of the session.
 */
export async function confirmPassword(
  ctx: AppContext,
  auth: { userId: number; sessionId: number },
  password: string,
  code?: string,
) {
  const checked = await checkPasswordAgain(ctx, auth, { password, code, secondStep: true });
  if (!checked.isRight) return { status: false };
  await ctx.db.transaction(async (tx) => {
    // the session's earlier failures are forgiven along with this attempt
    await checked.forgive(tx);
    await tx.update(users).set({ passwordConfirmedAt: ctx.now() }).where(eq(users.id, auth.userId));
  });
  return { status: true };
}

export async function signUp(
  ctx: AppContext,
  input: BodyOf<typeof signUpByCode>,
  address: string,
  origin: SignInOrigin,
) {
  const limits = authLimits(ctx.env);
  // every sign-up counts, taken or not: one address cannot mass-create accounts or probe e-mails, and
  // one e-mail cannot be asked about from many addresses (decision 034)
  await takeHits(ctx, [
    { limit: limits.signUpAddress, subject: address },
    { limit: limits.emailCheck, subject: normalizeEmail(input.email) },
  ]);
  // the security-network invitation (decision 015), the referral and the sponsor (decisions 020, 021)
  const codes = await checkSignUpCodes(ctx, signUpCodesOf(input), 'refuse');
  if (await findUserByEmail(ctx, input.email))
    throw new AppError('EMAIL_TAKEN', undefined, {
      email: 'Ya existe una cuenta registrada con este email.',
    });
  const passwordHash = await hashPassword(input.password);
  try {
    const person = { name: input.name.trim(), email: input.email.trim() };
    const user = await createAccount(ctx, { ...person, passwordHash }, codes);
    const session = await createSession(ctx, user.id, ctx.db, origin);
    // the e-mail is the owner's only once its link is opened (decision 034). Not awaited: a slow mail
    // server (up to SMTP_TIMEOUTS_MS) would have held the answer past the panel's time-out, and the
    // person, told it failed, would have tried again and met EMAIL_TAKEN (sendSignUpVerification
    // never throws; a failure is logged and the banner's 'Reenviar email' sends it again)
    ctx.background.run('sign-up verification', () => sendSignUpVerification(ctx, { id: user.id, ...person }));
    return session;
  } catch (error) {
    // two sign-ups with the same e-mail at once: the unique index decides
    if (isUniqueViolation(error))
      throw new AppError('EMAIL_TAKEN', undefined, {
        email: 'Ya existe una cuenta registrada con este email.',
      });
    throw error;
  }
}

export async function sendPasswordReset(ctx: AppContext, input: BodyOf<typeof forgotPass>, address: string) {
  const limits = authLimits(ctx.env);
  // counted per e-mail whether or not it has an account, so the refusal tells nothing about accounts
  await takeHits(ctx, [
    { limit: limits.resetAddress, subject: address },
    { limit: limits.resetEmail, subject: normalizeEmail(input.email) },
  ]);
  const user = await findUserByEmail(ctx, input.email);
  // the answer is the same whether or not the account exists (no account enumeration)
  if (!user) return { status: 'ok' as const };
  const token = createToken();
  await ctx.db.insert(passwordResets).values({
    userId: user.id,
    // the link works only while this is still the account's address (decision 050)
    email: user.email,
    tokenHash: hashToken(token),
    createdAt: ctx.now(),
    expiresAt: new Date(ctx.now().getTime() + RESET_TOKEN_TTL_MS),
  });
  const link = `${ctx.env.PUBLIC_URL}/resetpass/${token}`;
  await ctx.mailer.send({
    to: user.email,
    // the account's name only once its address is the owner's: anyone may have typed it (decision 050)
    ...resetPasswordEmail({ name: user.emailVerifiedAt ? user.name : null, link, brand: ctx.env.BRAND_NAME }),
  });
  return { status: 'ok' as const };
}

/**
 * An unused, unexpired reset link whose account still has the address it was sent to: after an e-mail
 * change the old mailbox's link opens nothing, nor tells the new address (decision 050).
 */
async function findValidReset(ctx: AppContext, token: string) {
  const [reset] = await ctx.db
    .select({ id: passwordResets.id, userId: passwordResets.userId, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, ctx.now()),
        eq(sql`lower(${passwordResets.email})`, sql`lower(${users.email})`),
      ),
    )
    .limit(1);
  if (!reset) throw new AppError('RESET_TOKEN_INVALID');
  return reset;
}

export async function findResetEmail(ctx: AppContext, token: string) {
  const reset = await findValidReset(ctx, token);
  return { data: { email: reset.email } };
}

export async function resetPassword(ctx: AppContext, input: BodyOf<typeof resetPass>, origin: ClientOrigin) {
  const reset = await findValidReset(ctx, input.token);
  if (normalizeEmail(reset.email) !== normalizeEmail(input.email)) throw new AppError('RESET_TOKEN_INVALID');
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    // claiming the token and changing the password happen together, and a token works once
    const claimed = await tx
      .update(passwordResets)
      .set({ usedAt: ctx.now() })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (claimed.length === 0) throw new AppError('RESET_TOKEN_INVALID');
    // the link reached the account's mailbox: on an account never verified, that is the first proof
    // that it is this person's, and the account becomes theirs alone (decision 050)
    if (await isNeverVerified(tx, reset.userId)) {
      await reclaimAccount(ctx, tx, {
        userId: reset.userId,
        proof: 'reset',
        origin,
        passwordHash,
        resetId: reset.id,
      });
    } else {
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(users.id, reset.userId));
      // every other link and sign-in in progress stops working too: whoever else holds one is too late
      await spendAccountLinks(ctx, tx, reset.userId, { resetId: reset.id });
      await forgetWrongCodes(tx, reset.userId);
      // whoever had the old password is signed out everywhere, with the change (a reclaim does the same)
      await revokeAllSessions(ctx, reset.userId, tx);
    }
    await recordActivity(ctx, { userId: reset.userId, kind: 'password_reset', origin }, tx);
  });
  // after the commit; it never throws, so a mail server down leaves the reset done
  await sendSecurityNotice(ctx, { userId: reset.userId, kind: 'password_reset', origin });
  // the sessions ended with the change: their open panels go now, and the account's back-offs are lifted
  ctx.realtime.disconnectPanels({ userId: reset.userId });
  await clearHitsStartingWith(ctx, authLimits(ctx.env).signInPair, pairOf(normalizeEmail(reset.email), ''));
  return { status: 'ok' as const };
}

/**
 * The signed-in customer changes their password (app/account/changePassword, decision 036): the
 * current one is checked, with wrong ones limited per session as for validatePass (a stolen session
 * cannot guess it); the new one is stored, every link and sign-in in progress of the account stops
 * working (decision 050), and every other session ends, its open panel disconnected. The owner is told
 * by e-mail.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  auth: { userId: number; sessionId: number },
  input: BodyOf<typeof changePassword>,
  origin: ClientOrigin,
) {
  const checked = await checkPasswordAgain(ctx, auth, {
    password: input.current_password,
    secondStep: false,
  });
  if (!checked.isRight) {
    throw new AppError('CURRENT_PASSWORD_WRONG', undefined, {
      current_password: 'Tu contraseña actual no es correcta.',
    });
  }
  const passwordHash = await hashPassword(input.password);
  const ended = await ctx.db.transaction(async (tx) => {
    await checked.forgive(tx);
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, auth.userId));
    // a reset link, an e-mail change or a sign-in asked for earlier must not undo the change
    await spendAccountLinks(ctx, tx, auth.userId);
    await forgetWrongCodes(tx, auth.userId);
    const endedIds = await revokeOtherSessions(ctx, tx, auth);
    await recordActivity(ctx, { userId: auth.userId, kind: 'password_changed', origin }, tx);
    return endedIds;
  });
  for (const sessionId of ended) ctx.realtime.disconnectPanels({ sessionId });
  // after the commit; it never throws, so a mail server down leaves the change done
  await sendSecurityNotice(ctx, { userId: auth.userId, kind: 'password_changed', origin });
  return { status: 'ok' as const, ended: ended.length };
}

/**
 * The review of a reclaimed account (decision 050): the proof of its mailbox dropped the password, and
 * the owner, signed in since (with Google, or the verification page's token), chooses one. Only while
 * the account has none since its reclaim: a password is changed with the current one instead.
 */
export async function setMissingPassword(
  ctx: AppContext,
  auth: { userId: number },
  password: string,
  origin: ClientOrigin,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const set = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(and(eq(users.id, auth.userId), isNull(users.passwordHash), isNotNull(users.reclaimedAt)))
      .returning({ id: users.id });
    if (set.length === 0) throw new AppError('PASSWORD_ALREADY_SET');
    await recordActivity(ctx, { userId: auth.userId, kind: 'password_changed', origin }, tx);
  });
  await sendSecurityNotice(ctx, { userId: auth.userId, kind: 'password_changed', origin });
}

/**
 * With a new password, whoever failed the second step with the old one is out: the account's wrong
 * codes (two-factor/account-codes.ts, decision 052) are forgotten, so that the owner's app code is not
 * held by a wait the thief ran up.
 */
async function forgetWrongCodes(db: DbOrTransaction, userId: number): Promise<void> {
  await forgive(db, { clear: [{ limit: accountCodeBackoff, subject: String(userId) }] });
}
