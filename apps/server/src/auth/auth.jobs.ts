/**
 * Sign-in's scheduled work (lib/jobs): retention (docs/privacy.md). A token that can no longer be used
 * (expired, revoked, or a link already followed and then expired) is only its SHA-256 and some dates,
 * but it says when and from where someone signed in: it goes a month after it ended. What the owner
 * reads about past sign-ins is the activity log, kept with the account.
 */
import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../lib/context.ts';
import { defineJob } from '../lib/jobs/jobs.ts';
import { deleteInBatches } from '../lib/db/delete-in-batches.ts';
import { emailVerifications, passwordResets, sessions, socialSignInTokens } from './auth.schema.ts';
import { twoFactorChallenges } from '../two-factor/two-factor.schema.ts';

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
}

export const deleteEndedSignInTokensJob = defineJob({
  name: 'delete-ended-sign-in-tokens',
  // ours: retention counts in days; an hour late is nothing
  everySeconds: 60 * 60,
  retry: { limit: 3, delaySeconds: 60 },
  run: deleteEndedSignInTokens,
});
