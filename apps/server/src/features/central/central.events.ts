/**
 * What raises the central's events (decision 062): an SOS (`alertRaised`) and a phone that confirmed
 * lost mode (`lostModeChanged`). Both are durable events, delivered at least once: the central's
 * unique indexes make a repeat add nothing.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { alerts } from '../alerts/alerts.schema.ts';
import { raiseCentralEvent } from './central.service.ts';

export function subscribeCentral(ctx: AppContext): void {
  ctx.events.on('alertRaised', 'central', async ({ userId, alertId }) => {
    const [alert] = await ctx.db
      .select({ deviceId: alerts.deviceId })
      .from(alerts)
      .where(eq(alerts.id, alertId));
    // the account or the phone was deleted meanwhile: nobody left to attend
    if (!alert) return;
    await raiseCentralEvent(ctx, { kind: 'sos', userId, deviceRowId: alert.deviceId, alertId });
  });
  ctx.events.on('lostModeChanged', 'central', async ({ userId, deviceRowId, isLost }) => {
    if (isLost) await raiseCentralEvent(ctx, { kind: 'lost_mode', userId, deviceRowId });
  });
}
