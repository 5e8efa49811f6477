/**
 * Two-step sign-in (decision 035): turning it on (start, then confirm with a code)
 * and off (password and code), and the check of a code that account-codes.ts counts for sign-in's
 * second step and the confirmations with a password. A code is the authenticator app's (TOTP, accepted once:
 * its time step must be later than the last accepted one) or a recovery code (each works once).
 */
import { randomInt } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { TWO_FACTOR_PENDING_TTL_MS, TWO_FACTOR_RECOVERY_CODE_COUNT } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import { noOrigin, type ClientOrigin } from '../../lib/http/client-origin.ts';
import { createTotpSecret, matchTotpStep, otpauthUrl } from '../../lib/crypto/totp.ts';
import { forgive, takeHits } from '../../lib/throttle/throttle.ts';
import { users } from '../accounts/accounts.schema.ts';
import { findUserByEmail } from '../accounts/accounts.service.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { sendSecurityNotice } from '../activity/security-notice.ts';
import { twoFactor, twoFactorRecoveryCodes } from './two-factor.schema.ts';
import { twoFactorLimits } from './two-factor.limits.ts';

/** the account's id, authenticated with each sealed secret so that it opens only on its own row */
const sealContext = (userId: number) => `user:${userId}`;

/** ours: letters and digits that cannot be mistaken for each other (no 0/o, 1/l/i) */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** ours: 10 characters of 31 (about 49 bits), written xxxxx-xxxxx */
const RECOVERY_LENGTH = 10;

function createRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_LENGTH; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** a recovery code as typed (any case, with or without the dash or spaces), or null if it cannot be one */
function normalizeRecoveryCode(code: string): string | null {
  const clean = code.toLowerCase().replace(/[\s-]/g, '');
  return clean.length === RECOVERY_LENGTH && [...clean].every((char) => RECOVERY_ALPHABET.includes(char))
    ? clean
    : null;
}

const hashRecoveryCode = (ctx: AppContext, normalized: string) => ctx.recoveryCodeSigner.sign(normalized);

/** whether the account has two-step sign-in on (a confirmed secret) */
export async function isTwoFactorOn(ctx: AppContext, userId: number, db: DbOrTransaction = ctx.db) {
  const [row] = await db
    .select({ enabledAt: twoFactor.enabledAt })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  return Boolean(row?.enabledAt);
}

/**
 * Checks a code of an account with two-step sign-in on and uses it up: the app's code for a time step
 * later than the last accepted one, or an unused recovery code. Each claim is one conditional update,
 * so two requests with the same code cannot both win. False for anything else.
 */
export async function spendTwoFactorCode(
  ctx: AppContext,
  userId: number,
  code: string,
  db: DbOrTransaction = ctx.db,
): Promise<boolean> {
  const typed = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(typed)) {
    const [row] = await db
      .select({ secret: twoFactor.secret })
      .from(twoFactor)
      .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
    const secret = row?.secret ? ctx.twoFactorSecrets.open(row.secret, sealContext(userId)) : null;
    if (!secret) return false;
    const step = matchTotpStep(secret, typed, ctx.now());
    if (step === null) return false;
    const claimed = await db
      .update(twoFactor)
      .set({ lastStep: step })
      .where(
        and(
          eq(twoFactor.userId, userId),
          isNotNull(twoFactor.enabledAt),
          or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step)),
        ),
      )
      .returning({ userId: twoFactor.userId });
    return claimed.length > 0;
  }
  const normalized = normalizeRecoveryCode(typed);
  if (!normalized) return false;
  const claimed = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: ctx.now() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(ctx, normalized)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return claimed.length > 0;
}

/** app/account/twoFactor/start: a new pending secret (replacing an unconfirmed one); nothing is on yet */
export async function startTwoFactor(ctx: AppContext, userId: number) {
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (await isTwoFactorOn(ctx, userId)) throw new AppError('TWO_FACTOR_ALREADY_ON');
  const secret = createTotpSecret();
  const sealed = ctx.twoFactorSecrets.seal(secret, sealContext(userId));
  await ctx.db
    .insert(twoFactor)
    .values({ userId, pendingSecret: sealed, pendingAt: ctx.now() })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { pendingSecret: sealed, pendingAt: ctx.now() } });
  return {
    secret,
    otpauth_url: otpauthUrl({ secret, issuer: ctx.env.BRAND_NAME, account: user.email }),
  };
}

/**
 * app/account/twoFactor/confirm: a code of the pending secret, within TWO_FACTOR_PENDING_TTL_MS of its
 * start, turns two-step sign-in on; the answer carries the recovery codes, which only their HMAC keeps
 * afterwards. A wrong code changes nothing and counts against the session (decision 052): each is
 * counted before it is checked, so a burst gets no more checks than the limit; a right one gives its
 * try back and clears the session's.
 */
export async function confirmTwoFactor(
  ctx: AppContext,
  auth: { userId: number; sessionId: number },
  code: string,
  origin: ClientOrigin,
) {
  const { userId } = auth;
  const [row] = await ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  if (row?.enabledAt) throw new AppError('TWO_FACTOR_ALREADY_ON');
  const pending = row?.pendingSecret
    ? ctx.twoFactorSecrets.open(row.pendingSecret, sealContext(userId))
    : null;
  if (!row?.pendingSecret || !pending) throw new AppError('TWO_FACTOR_NOT_STARTED');
  // a secret shown long ago may have been seen by someone else since: it is started again
  if (!row.pendingAt || row.pendingAt.getTime() + TWO_FACTOR_PENDING_TTL_MS <= ctx.now().getTime())
    throw new AppError('TWO_FACTOR_SETUP_EXPIRED');
  const tries = { limit: twoFactorLimits(ctx.env).confirmSession, subject: String(auth.sessionId) };
  const hits = await takeHits(ctx, [tries]);
  const step = matchTotpStep(pending, code.replace(/\s/g, ''), ctx.now());
  if (step === null) throw new AppError('TWO_FACTOR_CODE_INVALID');
  const codes = Array.from({ length: TWO_FACTOR_RECOVERY_CODE_COUNT }, createRecoveryCode);
  await ctx.db.transaction(async (tx) => {
    await forgive(tx, { ids: hits, clear: [tries] });
    // the pending secret this code was checked against, unless another request moved it meanwhile
    const turnedOn = await tx
      .update(twoFactor)
      .set({
        secret: row.pendingSecret,
        enabledAt: ctx.now(),
        pendingSecret: null,
        pendingAt: null,
        lastStep: step,
      })
      .where(
        and(
          eq(twoFactor.userId, userId),
          isNull(twoFactor.enabledAt),
          eq(twoFactor.pendingSecret, row.pendingSecret!),
        ),
      )
      .returning({ userId: twoFactor.userId });
    if (turnedOn.length === 0) throw new AppError('TWO_FACTOR_NOT_STARTED');
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.insert(twoFactorRecoveryCodes).values(
      codes.map((recovery) => ({
        userId,
        codeHash: hashRecoveryCode(ctx, normalizeRecoveryCode(recovery)!),
        createdAt: ctx.now(),
      })),
    );
    await recordActivity(ctx, { userId, kind: 'two_factor_on', origin }, tx);
  });
  await sendSecurityNotice(ctx, { userId, kind: 'two_factor_on', origin });
  return { recovery_codes: codes };
}

/**
 * app/account/twoFactor/disable, once the password and a code were checked (two-factor.routes.ts, with
 * password-check.ts like every password re-entered): turns it off; `forgiveTries` clears the session's
 * tries in the same transaction.
 */
export async function disableTwoFactor(
  ctx: AppContext,
  userId: number,
  forgiveTries: (db: DbOrTransaction) => Promise<void>,
  origin: ClientOrigin,
) {
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(twoFactor)
      .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)))
      .returning({ userId: twoFactor.userId });
    // turned off by another request meanwhile, after which no code was asked
    if (removed.length === 0) throw new AppError('TWO_FACTOR_OFF');
    await forgiveTries(tx);
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await recordActivity(ctx, { userId, kind: 'two_factor_off', origin }, tx);
  });
  await sendSecurityNotice(ctx, { userId, kind: 'two_factor_off', origin });
  return { code: 200 as const };
}

/** what the activity log and the notice say when support turned it off (two-factor.admin.ts) */
const BY_SUPPORT = 'por el equipo de soporte';

/** The administrator's command: turns two-step sign-in off for the account of `email`. */
export async function disableTwoFactorForSupport(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx, email);
  if (!user || !(await isTwoFactorOn(ctx, user.id))) throw new AppError('TWO_FACTOR_OFF');
  await ctx.db.transaction(async (tx) => {
    await tx.delete(twoFactor).where(eq(twoFactor.userId, user.id));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    await recordActivity(
      ctx,
      { userId: user.id, kind: 'two_factor_off', origin: noOrigin, detail: BY_SUPPORT },
      tx,
    );
  });
  await sendSecurityNotice(ctx, {
    userId: user.id,
    kind: 'two_factor_off',
    origin: noOrigin,
    detail: BY_SUPPORT,
  });
}

/**
 * Two-step sign-in and its recovery codes removed in `db` (a reclaim's transaction, decision 050: they
 * may be whoever made the account before the mailbox's owner proved it). True when it was on; the
 * caller records why in the account's log.
 */
export async function removeTwoFactor(db: DbOrTransaction, userId: number): Promise<boolean> {
  const removed = await db
    .delete(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .returning({ enabledAt: twoFactor.enabledAt });
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  return removed.some((row) => row.enabledAt !== null);
}
