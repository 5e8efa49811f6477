/**
 * A password re-entered by the signed-in customer before something only the owner may do: a wipe's
 * confirmation, a new password or e-mail, the data export, closing the account, removing a phone,
 * turning two-step sign-in on or off. It lives with two-step sign-in, whose code it asks for when that
 * is on. Every one of those calls counts its wrong tries against one limit of the session
 * (passwordAgainLimit, decision 052), by that session's own failures only: a stolen session gets five
 * guesses in all, whichever calls it spreads them over, and nobody's failed sign-ins can keep the
 * owner out (decision 010). A right password opens nothing by itself (the wipe's window is
 * confirmPassword's, on top of this); the caller forgives the session's tries together with what it
 * writes.
 */
import { eq } from 'drizzle-orm';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { users } from '../accounts/accounts.schema.ts';
import { verifyPassword } from '../../lib/crypto/passwords.ts';
import { forgive, minutesText, takeHits, type Limit } from '../../lib/throttle/throttle.ts';
import { requireSecondStep } from './account-codes.ts';

/**
 * wrong passwords (and with them wrong codes) re-entered in one signed-in session, whichever call
 * asked: subject the session's id
 */
export const passwordAgainLimit = {
  name: 'password-again-session',
  max: LOGIN_MAX_FAILURES,
  windowMs: LOGIN_FAILURE_WINDOW_MS,
  code: 'TOO_MANY_ATTEMPTS',
  message: (minutes: number) =>
    `Demasiados intentos con una contraseña o un código incorrectos. Por favor espera ${minutesText(minutes)} e inténtalo nuevamente.`,
} as const satisfies Limit;

export type PasswordAgainInput = {
  password: string;
  /** with `secondStep`: the two-step code, required when the account has it on */
  code?: string | null | undefined;
  secondStep: boolean;
};

export type PasswordCheck =
  | { isRight: false }
  /** `forgive` clears this session's tries; call it in the transaction that does the work */
  | { isRight: true; forgive: (db: DbOrTransaction) => Promise<void> };

/** the refusals of the second step that are no wrong try of the session: it asks again, or it waits */
const isNoTry = (error: unknown) =>
  error instanceof AppError &&
  (error.code === 'TWO_FACTOR_CODE_REQUIRED' || error.code === 'TOO_MANY_ATTEMPTS');

export async function checkPasswordAgain(
  ctx: AppContext,
  auth: { userId: number; sessionId: number },
  input: PasswordAgainInput,
): Promise<PasswordCheck> {
  const check = { limit: passwordAgainLimit, subject: String(auth.sessionId) };
  const hits = await takeHits(ctx, [check]);
  const [user] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, auth.userId));
  if (!user) throw new AppError('UNAUTHENTICATED');
  // the owner of a Google-made account is told how to get a password, not "wrong password"
  if (!user.passwordHash) {
    await forgive(ctx.db, { ids: hits });
    throw new AppError('PASSWORD_NOT_SET');
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) return { isRight: false };
  if (input.secondStep) {
    try {
      await requireSecondStep(ctx, auth.userId, input.code);
    } catch (error) {
      // a right password without its code is not a failure (the panel asks for the code and tries
      // again), nor is an app code the account's wait refused unchecked
      if (isNoTry(error)) await forgive(ctx.db, { ids: hits });
      throw error;
    }
  }
  return { isRight: true, forgive: (db) => forgive(db, { ids: hits, clear: [check] }) };
}

/**
 * checkPasswordAgain for the calls that refuse a wrong password outright (the export, closing the
 * account, removing a phone, a new e-mail, turning two-step sign-in on): WRONG_PASSWORD, its message on
 * the `password` field.
 */
export async function requirePasswordAgain(
  ctx: AppContext,
  auth: { userId: number; sessionId: number },
  input: PasswordAgainInput,
): Promise<(db: DbOrTransaction) => Promise<void>> {
  const checked = await checkPasswordAgain(ctx, auth, input);
  if (!checked.isRight) {
    const { message } = new AppError('WRONG_PASSWORD');
    throw new AppError('WRONG_PASSWORD', message, { password: message });
  }
  return checked.forgive;
}
