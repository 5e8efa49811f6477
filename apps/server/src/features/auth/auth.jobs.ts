/**
 * Sign-in's scheduled work (lib/jobs): e-mail changes that fall due (decision 050), and retention
 * (docs/privacy.md). A token that can no longer be used
 * (expired, revoked, or a link already followed and then expired) is only its SHA-256 and some dates,
 * but it says when and from where someone signed in: it goes a month after it ended. What the owner
 * reads about past sign-ins is the activity log, kept with the account.
 */
import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { defineJob } from '../../lib/jobs/jobs.ts';
import { deleteInBatches } from '../../lib/db/delete-in-batches.ts';
import {
  emailChanges,
  emailVerifications,
  passwordResets,
  sessions,
  socialSignInTokens,
} from './auth.schema.ts';
import { twoFactorChallenges } from '../two-factor/two-factor.schema.ts';
import { applyDueEmailChanges } from './email-change.ts';

/** ours: long enough for support to see a recent sign-out or a link that had expired */
export const ENDED_TOKENS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export async function deleteEndedSignInTokens(ctx: AppContext): Promise<void> {
  const cutoff = new Date(ctx.now().getTime() - ENDED_TOKENS_KEPT_MS);
  await deleteInBatches(
    ctx.db,
    sessions,
    or(lt(sessions.expiresAt, cutoff), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, cutoff))),
  );
  // a link or challenge used before its expiry is no use after it either: the expiry is its end
  for (const table of [passwordResets, emailVerifications, socialSignInTokens, twoFactorChallenges])
    await deleteInBatches(ctx.db, table, lt(table.expiresAt, cutoff));
  // an e-mail change is kept a month after it ended, applied or not, for the same reason
  await deleteInBatches(ctx.db, emailChanges, lt(emailChanges.endedAt, cutoff));
}

export const deleteEndedSignInTokensJob = defineJob({
  name: 'delete-ended-sign-in-tokens',
  // ours: retention counts in days; an hour late is nothing
  everySeconds: 60 * 60,
  retry: { limit: 3, delaySeconds: 60 },
  run: deleteEndedSignInTokens,
});

/**
 * E-mail changes whose wait is over apply, and those whose new address's link expired unopened end
 * (decision 050). Every minute: a change that waited 7 days may be a minute late.
 */
export const applyDueEmailChangesJob = defineJob({
  name: 'apply-due-email-changes',
  everySeconds: 60,
  retry: { limit: 2, delaySeconds: 30 },
  run: applyDueEmailChanges,
});
