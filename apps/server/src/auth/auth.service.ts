import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES,
  RESET_TOKEN_TTL_MS,
  type BodyOf,
  type forgotPass,
  type login,
  type resetPass,
  type signUpByCode,
} from '@escudo/contract';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { loginFailures, passwordResets, users } from '../lib/db/schema.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../lib/crypto/passwords.ts';
import { createToken, hashToken } from '../lib/crypto/tokens.ts';
import { isUniqueViolation } from '../lib/db/errors.ts';
import { createUser, findUserByEmail } from '../users/users.service.ts';
import { createSession, revokeAllSessions } from './sessions.ts';
import { resetPasswordEmail } from './auth.emails.ts';

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** 429 once an e-mail has LOGIN_MAX_FAILURES failed password checks within the window. */
async function assertNotLockedOut(ctx: AppContext, email: string) {
  const windowStart = new Date(ctx.now().getTime() - LOGIN_FAILURE_WINDOW_MS);
  const [failures] = await ctx.db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, windowStart)));
  if ((failures?.n ?? 0) >= LOGIN_MAX_FAILURES) throw new AppError('TOO_MANY_ATTEMPTS');
}

async function recordFailure(ctx: AppContext, email: string) {
  const windowStart = new Date(ctx.now().getTime() - LOGIN_FAILURE_WINDOW_MS);
  await ctx.db.insert(loginFailures).values({ email, createdAt: ctx.now() });
  // old rows are useless past the window; pruning here keeps the table small without a job
  await ctx.db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, email), lt(loginFailures.createdAt, windowStart)));
}

export async function signIn(ctx: AppContext, input: BodyOf<typeof login>) {
  const email = normalizeEmail(input.email);
  await assertNotLockedOut(ctx, email);
  const user = await findUserByEmail(ctx, email);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await burnPasswordCheck(input.password).then(() => false);
  if (!user || !valid) {
    await recordFailure(ctx, email);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await ctx.db.delete(loginFailures).where(eq(loginFailures.email, email));
  return createSession(ctx, user.id);
}

/**
 * The signed-in user re-enters their password before a wipe (spec 4/6). A right one is remembered for
 * WIPE_PASSWORD_CONFIRM_WINDOW_MS (the wipe call checks it); wrong ones count towards the same lockout
 * as sign-in, so a stolen session cannot be used to guess the password.
 */
export async function confirmPassword(ctx: AppContext, userId: number, password: string) {
  const [user] = await ctx.db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHENTICATED');
  const email = normalizeEmail(user.email);
  await assertNotLockedOut(ctx, email);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordFailure(ctx, email);
    return { status: false };
  }
  await ctx.db.update(users).set({ passwordConfirmedAt: ctx.now() }).where(eq(users.id, userId));
  return { status: true };
}

export async function signUp(ctx: AppContext, input: BodyOf<typeof signUpByCode>) {
  // invitation, share and sponsor codes are handled by the "security network" and "sales" issues
  if (await findUserByEmail(ctx, input.email))
    throw new AppError('EMAIL_TAKEN', undefined, {
      email: 'Ya existe una cuenta registrada con este email.',
    });
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await createUser(ctx, { name: input.name.trim(), email: input.email.trim(), passwordHash });
    return createSession(ctx, user.id);
  } catch (error) {
    // two sign-ups with the same e-mail at once: the unique index decides
    if (isUniqueViolation(error))
      throw new AppError('EMAIL_TAKEN', undefined, {
        email: 'Ya existe una cuenta registrada con este email.',
      });
    throw error;
  }
}

export async function sendPasswordReset(ctx: AppContext, input: BodyOf<typeof forgotPass>) {
  const user = await findUserByEmail(ctx, input.email);
  // the answer is the same whether or not the account exists (no account enumeration)
  if (!user) return { status: 'ok' as const };
  const token = createToken();
  await ctx.db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: hashToken(token),
    createdAt: ctx.now(),
    expiresAt: new Date(ctx.now().getTime() + RESET_TOKEN_TTL_MS),
  });
  const link = `${ctx.env.PUBLIC_URL}/resetpass/${token}`;
  await ctx.mailer.send({
    to: user.email,
    ...resetPasswordEmail({ name: user.name, link, brand: ctx.env.BRAND_NAME }),
  });
  return { status: 'ok' as const };
}

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

export async function resetPassword(ctx: AppContext, input: BodyOf<typeof resetPass>) {
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
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, reset.userId));
  });
  // whoever had the old password is signed out everywhere, and the lockout is lifted
  await revokeAllSessions(ctx, reset.userId);
  ctx.realtime.disconnectPanels({ userId: reset.userId });
  await ctx.db.delete(loginFailures).where(eq(loginFailures.email, normalizeEmail(reset.email)));
  return { status: 'ok' as const };
}
