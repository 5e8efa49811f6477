/**
 * Delivering the durable events (lib/events.ts; decision 055). A change that raises one writes it into
 * `event_outbox` in its own transaction; after the commit `deliverEventsSoon` starts a delivery in the
 * process at once, and the job `deliver-events` (lib/jobs: pg-boss on PostgreSQL, the in-process runner
 * on PGlite) sweeps every few seconds for what is left: a process that died between its commit and
 * the end of the delivery, a handler that failed.
 *
 * A delivery claims its rows with FOR UPDATE SKIP LOCKED and leases them (`available_at`), so two
 * processes never deliver one row at once; a process that dies holding a lease lets it lapse and
 * another delivers the row. Each subscriber that finishes is written into the row (`done_by`), so a
 * repeat runs only the others. Delivery is at least once: a handler makes a repeat harmless
 * (send-once.ts for the e-mails).
 */
import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { EventName } from '../events.ts';
import { defineJob } from '../jobs/jobs.ts';
import { eventOutbox, sentEmails } from './outbox.schema.ts';

/** ours: how long one delivery may hold a row before another process may take it (above the mail timeouts) */
export const EVENT_LEASE_MS = 30_000;
/** ours: the waits before the next tries of a row one of whose handlers failed; then it is given up */
export const EVENT_RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];
/** ours: rows delivered in one run */
const EVENTS_PER_RUN = 50;
/** ours: delivered rows, and the keys of sent e-mails, are kept this long (a late repeat still finds them) */
export const DELIVERED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** Starts a delivery now, apart from the request that committed the event. */
export function deliverEventsSoon(ctx: AppContext): void {
  ctx.background.run('deliver events', () => deliverEvents(ctx));
}

/** One delivery: the rows that are due, each to every subscriber that has not finished with it. */
export async function deliverEvents(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  const claimed = await ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: eventOutbox.id })
      .from(eventOutbox)
      .where(and(isNull(eventOutbox.deliveredAt), lte(eventOutbox.availableAt, now)))
      .orderBy(asc(eventOutbox.id))
      .limit(EVENTS_PER_RUN)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(eventOutbox)
      .set({
        attempts: sql`${eventOutbox.attempts} + 1`,
        availableAt: new Date(now.getTime() + EVENT_LEASE_MS),
      })
      .where(
        inArray(
          eventOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
  for (const row of claimed) await deliverOne(ctx, row);
}

async function deliverOne(ctx: AppContext, row: typeof eventOutbox.$inferSelect): Promise<void> {
  const event = row.event as EventName;
  let hasFailed = false;
  for (const { feature, handler } of ctx.events.subscribersOf(event)) {
    if (row.doneBy.includes(feature)) continue;
    try {
      await handler(row.payload as never, { eventId: row.id });
      await ctx.db
        .update(eventOutbox)
        .set({ doneBy: sql`array_append(${eventOutbox.doneBy}, ${feature})` })
        .where(eq(eventOutbox.id, row.id));
    } catch (error) {
      hasFailed = true;
      ctx.log.error(
        { err: error, event, feature, attempts: row.attempts },
        'an event handler failed; it is tried again',
      );
    }
  }
  const delay = EVENT_RETRY_DELAYS_MS[row.attempts - 1];
  if (hasFailed && delay !== undefined) {
    await ctx.db
      .update(eventOutbox)
      .set({ availableAt: new Date(ctx.now().getTime() + delay) })
      .where(eq(eventOutbox.id, row.id));
    return;
  }
  if (hasFailed) ctx.log.error({ event, eventId: row.id }, 'gave up delivering an event');
  await ctx.db.update(eventOutbox).set({ deliveredAt: ctx.now() }).where(eq(eventOutbox.id, row.id));
}

/** Delivered rows and sent e-mails' keys older than DELIVERED_KEPT_MS go. */
export async function pruneOutbox(ctx: AppContext): Promise<void> {
  const cutoff = new Date(ctx.now().getTime() - DELIVERED_KEPT_MS);
  await ctx.db.delete(eventOutbox).where(lt(eventOutbox.deliveredAt, cutoff));
  await ctx.db.delete(sentEmails).where(lt(sentEmails.sentAt, cutoff));
}

export const deliverEventsJob = defineJob({
  name: 'deliver-events',
  // ours: what a process left when it died is delivered within seconds of its lease lapsing
  everySeconds: 5,
  // a failed handler is retried by its row's own schedule; a failed run is just the next sweep
  retry: { limit: 0, delaySeconds: 5 },
  run: deliverEvents,
});

export const pruneOutboxJob = defineJob({
  name: 'prune-outbox',
  everySeconds: 60 * 60,
  retry: { limit: 2, delaySeconds: 60 },
  run: pruneOutbox,
});
