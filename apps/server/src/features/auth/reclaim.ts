/**
 * A mailbox's first proof makes the account its own (decision 050). An account whose address was never
 * verified may have been made by someone else with that address, to see what its owner does once they
 * sign in. When the owner proves the mailbox for the first time (a verification link opened, a Google
 * sign-in with that verified e-mail, a reset link used), whatever was there before is not trusted:
 * every session ends, every link and sign-in in progress is spent, the browsers it knew are forgotten,
 * two-step sign-in is turned off and, unless a reset sets a new one, the password is dropped. The
 * phones and network made before are the review's (account-review/), from `reclaimed_at`.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import type { ClientOrigin } from '../../lib/http/client-origin.ts';
import { users } from '../accounts/accounts.schema.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { removeTwoFactor } from '../two-factor/two-factor.service.ts';
import { knownBrowsers } from './auth.schema.ts';
import { spendAccountLinks } from './account-links.ts';
import { revokeAllSessions } from './sessions.ts';

/** how the mailbox was proven, as the owner reads it in the activity log */
const PROOF = {
  verify_link: 'con el enlace de verificación',
  google: 'con Google',
  reset: 'al reestablecer la contraseña',
} as const;
export type MailboxProof = keyof typeof PROOF;

/**
 * Whether the account's address was never verified, read with the row locked in `db` (the transaction
 * that proves it), so that two proofs at once reclaim it once.
 */
export async function isNeverVerified(db: DbOrTransaction, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row !== undefined && row.emailVerifiedAt === null;
}

/**
 * Reclaims the account in `db`, the transaction of the proof; the caller checked `isNeverVerified` in
 * it. `passwordHash`: the reset's new password; without it the password is dropped and the owner
 * chooses one (the verification page, or the review). After the commit the caller disconnects the
 * account's panels (`ctx.realtime.disconnectPanels({ userId })`).
 */
export async function reclaimAccount(
  ctx: AppContext,
  db: DbOrTransaction,
  input: {
    userId: number;
    proof: MailboxProof;
    origin: ClientOrigin;
    passwordHash?: string;
    /** the reset link being used, already claimed */
    resetId?: number;
  },
): Promise<void> {
  const now = ctx.now();
  await db
    .update(users)
    .set({
      emailVerifiedAt: now,
      reclaimedAt: now,
      passwordHash: input.passwordHash ?? null,
      passwordConfirmedAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, input.userId));
  await revokeAllSessions(ctx, input.userId, db);
  await spendAccountLinks(ctx, db, input.userId, { resetId: input.resetId });
  await db.delete(knownBrowsers).where(eq(knownBrowsers.userId, input.userId));
  const hadTwoFactor = await removeTwoFactor(db, input.userId);
  const detail = [
    `Confirmaste tu email ${PROOF[input.proof]}`,
    hadTwoFactor ? 'se desactivó la verificación en dos pasos' : null,
  ]
    .filter(Boolean)
    .join('; ');
  await recordActivity(
    ctx,
    { userId: input.userId, kind: 'account_reclaimed', origin: input.origin, detail },
    db,
  );
}
