/**
 * Sign-in's second step (decision 035). With two-step sign-in on, a right password
 * (or Google's token trade) gives a challenge instead of a session: a random token, stored as its
 * SHA-256, bound to the account, valid TWO_FACTOR_CHALLENGE_TTL_MS and used once. Trading it needs a
 * code; wrong codes are limited per challenge (it dies at TWO_FACTOR_CHALLENGE_MAX_CODES: sign in
 * again), per address, and per account as a growing wait for the app's codes that recovery codes skip
 * (account-codes.ts, decision 052), so nobody can lock the owner out.
 */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  TWO_FACTOR_CHALLENGE_MAX_CODES,
  TWO_FACTOR_CHALLENGE_TTL_MS,
  type TwoFactorRequired,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import type { ClientOrigin } from '../../lib/http/client-origin.ts';
import { createToken, hashToken } from '../../lib/crypto/tokens.ts';
import { addressKeyOf } from '../../lib/http/address-key.ts';
import { forgive, takeHits } from '../../lib/throttle/throttle.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { sendSecurityNotice } from '../activity/security-notice.ts';
import { twoFactorChallenges } from './two-factor.schema.ts';
import { twoFactorLimits } from './two-factor.limits.ts';
import { checkAccountCode } from './account-codes.ts';

/** what the activity log says of a wrong second-step code */
const WRONG_CODE_DETAIL = 'Código de verificación en dos pasos incorrecto';

/** a challenge for the account, on `db` (the transaction that checked the password or Google's token) */
export async function createChallenge(
  ctx: AppContext,
  userId: number,
  db: DbOrTransaction = ctx.db,
): Promise<TwoFactorRequired> {
  const challenge = createToken();
  const expiresAt = new Date(ctx.now().getTime() + TWO_FACTOR_CHALLENGE_TTL_MS);
  await db
    .insert(twoFactorChallenges)
    .values({ userId, tokenHash: hashToken(challenge), createdAt: ctx.now(), expiresAt });
  return { two_factor_required: true, challenge, expires_at: expiresAt.toISOString() };
}

/**
 * Trades a challenge and a code: `onPassed` makes the session in the transaction that uses the
 * challenge up. The try is counted on the challenge first, before anything else and before the code is
 * checked, so a burst of guesses on one challenge gets TWO_FACTOR_CHALLENGE_MAX_CODES checks at most,
 * and a code sent with a forged, used or expired challenge is refused without counting on the address
 * (decision 052: nobody's made-up challenges can spend the owner's address). Then the address and the
 * account (checkAccountCode) count it; a refusal by either gives the challenge's try back. A wrong
 * code is written to the account's log, and the owner is told once a day.
 */
export async function passChallenge<T>(
  ctx: AppContext,
  input: { challenge: string; code: string },
  origin: ClientOrigin,
  onPassed: (tx: DbOrTransaction, userId: number) => Promise<T>,
): Promise<T> {
  const now = ctx.now();
  const [tried] = await ctx.db
    .update(twoFactorChallenges)
    .set({ codesTried: sql`${twoFactorChallenges.codesTried} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, hashToken(input.challenge)),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, now),
        lt(twoFactorChallenges.codesTried, TWO_FACTOR_CHALLENGE_MAX_CODES),
      ),
    )
    .returning({
      id: twoFactorChallenges.id,
      userId: twoFactorChallenges.userId,
      codesTried: twoFactorChallenges.codesTried,
    });
  if (!tried) throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
  let hits: number[] = [];
  let isRight: boolean;
  try {
    const limit = twoFactorLimits(ctx.env).codeAddress;
    hits = await takeHits(ctx, [{ limit, subject: addressKeyOf(origin.address) }]);
    isRight = await checkAccountCode(ctx, tried.userId, input.code);
  } catch (error) {
    // refused before the code was checked: the try counts neither on the challenge nor the address
    await forgive(ctx.db, { ids: hits });
    await ctx.db
      .update(twoFactorChallenges)
      .set({ codesTried: sql`${twoFactorChallenges.codesTried} - 1` })
      .where(eq(twoFactorChallenges.id, tried.id));
    throw error;
  }
  if (!isRight) {
    await recordActivity(ctx, {
      userId: tried.userId,
      kind: 'sign_in_failed',
      origin,
      detail: WRONG_CODE_DETAIL,
    });
    // not awaited: the answer never waits for the mail server, and a failure to send is only logged
    ctx.background.run('wrong second step notice', () => warnOwnerOfWrongCode(ctx, tried.userId, origin));
    if (tried.codesTried >= TWO_FACTOR_CHALLENGE_MAX_CODES) {
      throw new AppError(
        'TWO_FACTOR_CHALLENGE_INVALID',
        'Demasiados códigos incorrectos. Ingresa nuevamente con tu email y contraseña.',
      );
    }
    throw new AppError('TWO_FACTOR_CODE_INVALID');
  }
  return ctx.db.transaction(async (tx) => {
    const used = await tx
      .update(twoFactorChallenges)
      .set({ usedAt: now })
      .where(and(eq(twoFactorChallenges.id, tried.id), isNull(twoFactorChallenges.usedAt)))
      .returning({ id: twoFactorChallenges.id });
    // another request with the same challenge and another good code won the race
    if (used.length === 0) throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
    await forgive(tx, { ids: hits });
    return onPassed(tx, tried.userId);
  });
}

/**
 * The owner is told that someone got past the password (or Google) but not the code, at most once a
 * day per account (decision 052): the day's hit is taken first, so that wrong codes sent at once send
 * one e-mail, and given back when the mail server did not take it, so that the next wrong code tries
 * again.
 */
async function warnOwnerOfWrongCode(ctx: AppContext, userId: number, origin: ClientOrigin): Promise<void> {
  let hits: number[];
  try {
    hits = await takeHits(ctx, [
      { limit: twoFactorLimits(ctx.env).wrongCodeNotice, subject: String(userId) },
    ]);
  } catch (error) {
    if (error instanceof AppError) return; // already told today
    throw error;
  }
  const isSent = await sendSecurityNotice(ctx, { userId, kind: 'two_factor_code_failed', origin });
  if (!isSent) await forgive(ctx.db, { ids: hits });
}

/**
 * Ends the account's challenges still waiting for a code, in `db` (a recovery's transaction: a new
 * password, a reset, a reclaim; decision 050): a second step begun with the old password cannot be
 * finished.
 */
export async function endChallenges(ctx: AppContext, db: DbOrTransaction, userId: number): Promise<void> {
  await db
    .update(twoFactorChallenges)
    .set({ usedAt: ctx.now() })
    .where(and(eq(twoFactorChallenges.userId, userId), isNull(twoFactorChallenges.usedAt)));
}
