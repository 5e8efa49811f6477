/**
 * Alerts' scheduled work (lib/jobs): retention (docs/privacy.md, "Retention"). The positions of
 * an alert are removed ALERT_POSITIONS_KEPT_AFTER_END_MS after it ended, unless an atención of the
 * central keeps them; the alert's row (who, which phone, when) stays in the owner's history.
 */
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { defineJob } from '../../lib/jobs/jobs.ts';
import { alertPositions, alerts } from './alerts.schema.ts';

/**
 * docs/privacy.md, "Retention": alert positions go 30 days after the alert ended: time for the person, or the
 * police with them, to look back at where it happened; then where someone was in danger goes.
 */
export const ALERT_POSITIONS_KEPT_AFTER_END_MS = 30 * 24 * 60 * 60 * 1000;

export async function deleteOldAlertPositions(ctx: AppContext): Promise<void> {
  const cutoff = new Date(ctx.now().getTime() - ALERT_POSITIONS_KEPT_AFTER_END_MS);
  const ended = ctx.db
    .select({ id: alerts.id })
    .from(alerts)
    // an atención of the central keeps its alert's positions as long as the atención is kept
    .where(and(isNotNull(alerts.endedAt), lt(alerts.endedAt, cutoff), eq(alerts.positionsKept, false)));
  await ctx.db.delete(alertPositions).where(inArray(alertPositions.alertId, ended));
}

export const deleteOldAlertPositionsJob = defineJob({
  name: 'delete-old-alert-positions',
  // ours: retention counts in days; an hour late is nothing
  everySeconds: 60 * 60,
  retry: { limit: 3, delaySeconds: 60 },
  run: deleteOldAlertPositions,
});
