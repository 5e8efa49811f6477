/**
 * What raises the central's events (decision 062): an SOS (`alertRaised`) and a phone put in lost
 * mode by its owner (`lostModeOrdered`). Both are durable events, delivered at least once: the central's
 * unique indexes make a repeat add nothing. And the work on an event's atención, which its record
 * keeps (decision 063).
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { alerts } from '../alerts/alerts.schema.ts';
import { raiseCentralEvent } from './central.service.ts';
import { appendCentralStep } from './central.record.ts';
import { centralEvents } from './central.schema.ts';

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
  // at the owner's order, the phone answering or not: a thief's first move is to switch it off. The
  // phone's confirmation later raises nothing: after the central closed the event, it would be a
  // second event about the same theft
  ctx.events.on('lostModeOrdered', 'central', async ({ userId, deviceRowId }, delivered) => {
    // a repeat of this delivery after the event was closed raises nothing: the key is the order's event
    const causeKey = delivered ? `lost-mode-order:${delivered.eventId}` : undefined;
    await raiseCentralEvent(ctx, {
      kind: 'lost_mode',
      userId,
      deviceRowId,
      ...(causeKey ? { causeKey } : {}),
    });
  });
  // a note or a video of an event's atención is a step of that event's record (decision 063); a
  // second delivery of the same one adds nothing (its once-key)
  ctx.events.on('atencionWorked', 'central', async ({ atencionId, operatorId, what, itemId, at }) => {
    const [event] = await ctx.db
      .select({ id: centralEvents.id })
      .from(centralEvents)
      .where(eq(centralEvents.atencionId, atencionId));
    if (!event) return;
    await ctx.db.transaction((tx) =>
      appendCentralStep(tx, {
        at: new Date(at),
        eventId: event.id,
        actorId: operatorId,
        action: what,
        detail: { [`${what}_id`]: itemId },
        onceKey: `${what}:${itemId}`,
      }),
    );
  });
}
