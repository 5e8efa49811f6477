/**
 * The atenciones' scheduled work (lib/jobs): shared evidence links (decision 019) that ended, by
 * expiry or revocation, more than EVIDENCE_LINK_KEPT_AFTER_END_MS ago are deleted, so the table keeps
 * no dead tokens. Until then the page still says the link expired (410) rather than that it never
 * existed (404).
 */
import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { defineJob } from '../../lib/jobs/jobs.ts';
import { atencionShareLinks } from './atenciones.schema.ts';

/** ours: a month, for whoever asks why a link they were sent stopped working */
export const EVIDENCE_LINK_KEPT_AFTER_END_MS = 30 * 24 * 60 * 60 * 1000;

export async function deleteEndedEvidenceLinks(ctx: AppContext): Promise<void> {
  const cutoff = new Date(ctx.now().getTime() - EVIDENCE_LINK_KEPT_AFTER_END_MS);
  await ctx.db
    .delete(atencionShareLinks)
    .where(
      or(
        lt(atencionShareLinks.expiresAt, cutoff),
        and(isNotNull(atencionShareLinks.revokedAt), lt(atencionShareLinks.revokedAt, cutoff)),
      ),
    );
}

export const deleteEndedEvidenceLinksJob = defineJob({
  name: 'delete-ended-evidence-links',
  // ours: nothing depends on the hour a dead row goes
  everySeconds: 60 * 60,
  retry: { limit: 3, delaySeconds: 60 },
  run: deleteEndedEvidenceLinks,
});
