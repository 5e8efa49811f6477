/**
 * Every link and sign-in in progress of an account, ended at once (decision 050): reset links,
 * verification links, the e-mail change under way (both its links), two-step challenges and Google's
 * hand-off tokens. A password reset, a new password, closing the other sessions and a reclaim call it in
 * their own transaction, so that nothing asked for before them (by whoever had the password or a
 * session) still works after.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import { emailChanges, emailVerifications, passwordResets, socialSignInTokens } from './auth.schema.ts';
import { endChallenges } from '../two-factor/challenges.ts';

export async function spendAccountLinks(
  ctx: AppContext,
  db: DbOrTransaction,
  userId: number,
  /** the reset link being used, already claimed by the caller */
  except: { resetId?: number } = {},
): Promise<void> {
  const now = ctx.now();
  await spendMailboxLinks(ctx, db, userId, except);
  await db
    .update(emailChanges)
    .set({ endedAt: now, outcome: 'spent' })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.endedAt)));
  await db
    .update(socialSignInTokens)
    .set({ usedAt: now })
    .where(and(eq(socialSignInTokens.userId, userId), isNull(socialSignInTokens.usedAt)));
  await endChallenges(ctx, db, userId);
}

/**
 * The links sent to the account's mailbox: its reset and verification links, ended in `db` (a
 * recovery's transaction, or the change that moves the account to another address: a reset link works
 * only for the address it went to).
 */
export async function spendMailboxLinks(
  ctx: AppContext,
  db: DbOrTransaction,
  userId: number,
  except: { resetId?: number } = {},
): Promise<void> {
  const now = ctx.now();
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.userId, userId),
        isNull(passwordResets.usedAt),
        ...(except.resetId === undefined ? [] : [ne(passwordResets.id, except.resetId)]),
      ),
    );
  await db
    .update(emailVerifications)
    .set({ usedAt: now })
    .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
}
