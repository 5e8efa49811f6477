/**
 * Tracking's scheduled work (lib/jobs): retention (issue 29 item 11, docs/privacy.md). Route points
 * older than RETENTION_DAYS are removed, and routes that ended before then go with their points; a
 * route still open keeps its row and its recent points.
 */
import { and, inArray, isNotNull, lt } from 'drizzle-orm';
import type { AppContext } from '../lib/context.ts';
import { defineJob } from '../lib/jobs/jobs.ts';
import { trackingPoints, trackings } from './tracking.schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** ours: rows removed per statement, so the first run on a large database holds no long lock */
const BATCH = 5_000;

export async function deleteOldRoutePoints(ctx: AppContext): Promise<void> {
  const cutoff = new Date(ctx.now().getTime() - ctx.env.RETENTION_DAYS * DAY_MS);
  for (;;) {
    const old = ctx.db
      .select({ id: trackingPoints.id })
      .from(trackingPoints)
      .where(lt(trackingPoints.recordedAt, cutoff))
      .limit(BATCH);
    const removed = await ctx.db
      .delete(trackingPoints)
      .where(inArray(trackingPoints.id, old))
      .returning({ id: trackingPoints.id });
    if (removed.length < BATCH) break;
  }
  // a route that ended before the cutoff has no point left worth keeping (the cascade takes the rest)
  await ctx.db.delete(trackings).where(and(isNotNull(trackings.endedAt), lt(trackings.endedAt, cutoff)));
}

export const deleteOldRoutePointsJob = defineJob({
  name: 'delete-old-route-points',
  // ours: retention counts in days; an hour late is nothing
  everySeconds: 60 * 60,
  retry: { limit: 3, delaySeconds: 60 },
  run: deleteOldRoutePoints,
});
