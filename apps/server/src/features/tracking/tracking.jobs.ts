/**
 * Tracking's scheduled work (lib/jobs): retention (docs/privacy.md, "Retention"). Route points
 * older than RETENTION_DAYS are removed, and routes that ended before then go with their points; a
 * route still open keeps its row and its recent points.
 */
import { and, isNotNull, lt } from 'drizzle-orm';
import { deleteInBatches } from '../../lib/db/delete-in-batches.ts';
import type { AppContext } from '../../lib/context.ts';
import { defineJob } from '../../lib/jobs/jobs.ts';
import { trackingPoints, trackings } from './tracking.schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function deleteOldRoutePoints(ctx: AppContext): Promise<void> {
  const cutoff = new Date(ctx.now().getTime() - ctx.env.RETENTION_DAYS * DAY_MS);
  await deleteInBatches(ctx.db, trackingPoints, lt(trackingPoints.recordedAt, cutoff));
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
