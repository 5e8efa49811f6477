/**
 * An account's two-step code, checked wherever it is asked (sign-in's second step in challenges.ts,
 * and through requireSecondStep the confirmations with a password and turning it off), counted per
 * account (decision 052): past ten wrong codes in a day the app's codes wait a growing delay, while
 * recovery codes are always checked, so a thief with the password cannot guess on and on, and cannot
 * keep the owner out either.
 */
import { TWO_FACTOR_CODE_DIGITS } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { forgive, takeBackoffHit } from '../../lib/throttle/throttle.ts';
import { isTwoFactorOn, spendTwoFactorCode } from './two-factor.service.ts';
import { accountCodeBackoff } from './two-factor.limits.ts';

/** an authenticator app's code, as spendTwoFactorCode reads one (anything else is taken for a recovery code) */
const APP_CODE = new RegExp(`^\\d{${TWO_FACTOR_CODE_DIGITS}}$`);

/**
 * Checks and uses up a code of an account with two-step sign-in on (spendTwoFactorCode), after
 * counting it against the account: an app code during the wait is refused (TOO_MANY_ATTEMPTS with
 * Retry-After) without being checked; a recovery code is checked whatever the wait, and a wrong one
 * counts like any wrong code. The try is written before the code is checked, so that codes sent at
 * once get no more checks than one by one; a right code gives its try back and leaves the account's
 * earlier wrong ones counted (the owner's success does not hand a thief ten fresh guesses).
 */
export async function checkAccountCode(ctx: AppContext, userId: number, code: string): Promise<boolean> {
  const isAppCode = APP_CODE.test(code.replace(/\s/g, ''));
  const hit = await takeBackoffHit(ctx, accountCodeBackoff, String(userId), { hold: isAppCode });
  const isRight = await spendTwoFactorCode(ctx, userId, code);
  if (isRight) await forgive(ctx.db, { ids: [hit] });
  return isRight;
}

/**
 * The second step asked along with a re-entered password (a wipe's confirmation, the export, closing
 * the account, removing a phone, turning it off): nothing when two-step sign-in is off; otherwise a
 * code, the app's or a recovery code, used up. Throws TWO_FACTOR_CODE_REQUIRED without one (the panel
 * asks for it and tries again), TWO_FACTOR_CODE_INVALID for a wrong one and TOO_MANY_ATTEMPTS for an
 * app code while the account waits.
 */
export async function requireSecondStep(ctx: AppContext, userId: number, code: string | null | undefined) {
  if (!(await isTwoFactorOn(ctx, userId))) return;
  if (!code) throw new AppError('TWO_FACTOR_CODE_REQUIRED');
  if (!(await checkAccountCode(ctx, userId, code))) throw new AppError('TWO_FACTOR_CODE_INVALID');
}
