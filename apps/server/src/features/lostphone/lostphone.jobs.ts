/**
 * Lost mode's scheduled work (lib/jobs): retention (docs/privacy.md, "Retention"). Reports older
 * than RETENTION_DAYS are removed with their photos. Each photo is removed first and its row only once
 * the photo is gone, so no photo outlives its row; a photo that could not be removed (the bucket
 * down) keeps its row, the run fails, and the job's retry (or the next run) tries it again.
 */
import { asc, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { defineJob } from '../../lib/jobs/jobs.ts';
import { lostReports } from './lostphone.schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** ours: reports taken per run (each a file removal); the next run takes the rest */
const BATCH = 500;

export async function deleteOldLostReports(ctx: AppContext): Promise<void> {
  const cutoff = new Date(ctx.now().getTime() - ctx.env.RETENTION_DAYS * DAY_MS);
  const old = await ctx.db
    .select({ id: lostReports.id, imageKey: lostReports.imageKey })
    .from(lostReports)
    .where(lt(lostReports.createdAt, cutoff))
    .orderBy(asc(lostReports.createdAt))
    .limit(BATCH);
  let failures = 0;
  for (const report of old) {
    try {
      // a photo already gone is not an error (lib/storage): a repeated run removes the row
      await ctx.storage.delete(report.imageKey);
    } catch (error) {
      failures += 1;
      ctx.log.warn({ err: error, reportId: report.id }, 'retention: could not remove a lost-mode photo');
      continue;
    }
    await ctx.db.delete(lostReports).where(eq(lostReports.id, report.id));
  }
  // the job's retries try the rest again soon, rather than an hour later
  if (failures > 0) throw new Error(`retention: ${failures} lost-mode photos could not be removed`);
}

export const deleteOldLostReportsJob = defineJob({
  name: 'delete-old-lost-reports',
  // ours: retention counts in days; an hour late is nothing
  everySeconds: 60 * 60,
  retry: { limit: 3, delaySeconds: 60 },
  run: deleteOldLostReports,
});
