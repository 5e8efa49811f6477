/**
 * Delivering the durable events (lib/events.ts; decision 055). A change that raises one writes it into
 * `event_outbox` in its own transaction; after the commit `deliverEventsSoon` starts a delivery in the
 * process at once, and the job `deliver-events` (lib/jobs: pg-boss on PostgreSQL, the in-process runner
 * on PGlite) sweeps every few seconds for what is left: a process that died between its commit and
 * the end of the delivery, a handler that failed. Each event says how it is delivered (DURABLE_EVENTS):
 * its lane (`prompt` e-mails about an emergency, `long` work such as a ZIP, each lane its own job, so
 * one never waits for the other), its lease, and its retry delays.
 *
 * A delivery claims its rows with FOR UPDATE SKIP LOCKED and leases them (`available_at`), so two
 * processes never deliver one row at once; a process that dies holding a lease lets it lapse and
 * another delivers the row. Each subscriber that finishes is written into the row (`done_by`), so a
 * repeat runs only the others. Delivery is at least once: a handler makes a repeat harmless
 * (send-once.ts for the e-mails).
 */
import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { DURABLE_EVENTS, isDurable, type Delivery, type DurableEvent, type EventName } from '../events.ts';
import { defineJob } from '../jobs/jobs.ts';
import { eventOutbox, sentEmails } from './outbox.schema.ts';

/** ours: rows delivered in one run */
const EVENTS_PER_RUN = 50;
/** ours: delivered rows, and the keys of sent e-mails, are kept this long (a late repeat still finds them) */
export const DELIVERED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

type Lane = Delivery['lane'];
const eventsOf = (lane: Lane) =>
  (Object.keys(DURABLE_EVENTS) as DurableEvent[]).filter((event) => DURABLE_EVENTS[event].lane === lane);
// a row of an event no longer durable (an older version's) is delivered once, as a prompt one
const deliveryOf = (event: string): Delivery =>
  isDurable(event) ? DURABLE_EVENTS[event] : { ...DURABLE_EVENTS.alertRaised, retryDelaysMs: [] };
// EVENT_LEASE_SECONDS (tests) replaces every event's own lease
const leaseMsOf = (ctx: AppContext, event: string): number =>
  ctx.env.EVENT_LEASE_SECONDS === undefined ? deliveryOf(event).leaseMs : ctx.env.EVENT_LEASE_SECONDS * 1000;

/** Starts a delivery of `event`'s lane now, apart from the request that committed it. */
export function deliverEventsSoon(ctx: AppContext, event: DurableEvent): void {
  const { lane } = DURABLE_EVENTS[event];
  ctx.background.run(`deliver ${lane} events`, () => deliverEvents(ctx, lane));
}

/** One delivery of a lane: its rows that are due, each to every subscriber that has not finished with it. */
export async function deliverEvents(ctx: AppContext, lane: Lane = 'prompt'): Promise<void> {
  const now = ctx.now();
  const claimed = await ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: eventOutbox.id, event: eventOutbox.event })
      .from(eventOutbox)
      .where(
        and(
          isNull(eventOutbox.deliveredAt),
          lte(eventOutbox.availableAt, now),
          inArray(eventOutbox.event, eventsOf(lane)),
        ),
      )
      .orderBy(asc(eventOutbox.id))
      .limit(EVENTS_PER_RUN)
      .for('update', { skipLocked: true });
    const rows: (typeof eventOutbox.$inferSelect)[] = [];
    // each row leased for its event's own time (DURABLE_EVENTS), or EVENT_LEASE_SECONDS's
    for (const event of new Set(due.map((row) => row.event))) {
      const ids = due.filter((row) => row.event === event).map((row) => row.id);
      rows.push(
        ...(await tx
          .update(eventOutbox)
          .set({
            attempts: sql`${eventOutbox.attempts} + 1`,
            availableAt: new Date(now.getTime() + leaseMsOf(ctx, event)),
          })
          .where(inArray(eventOutbox.id, ids))
          .returning()),
      );
    }
    return rows.sort((a, b) => a.id - b.id);
  });
  for (const row of claimed) await deliverOne(ctx, row);
}

async function deliverOne(ctx: AppContext, row: typeof eventOutbox.$inferSelect): Promise<void> {
  const event = row.event as EventName;
  const { retryDelaysMs, isKeptTrying } = deliveryOf(event);
  // a kept-trying row waits the last delay again once the list is used up
  const delay = retryDelaysMs[row.attempts - 1] ?? (isKeptTrying ? retryDelaysMs.at(-1) : undefined);
  let hasFailed = false;
  for (const { feature, handler } of ctx.events.subscribersOf(event)) {
    if (row.doneBy.includes(feature)) continue;
    try {
      await handler(row.payload, { eventId: row.id, isLastTry: delay === undefined });
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
  // each run leases the rows it takes: a run left by a dead process must not hold up the others
  canOverlap: true,
  run: (ctx) => deliverEvents(ctx, 'prompt'),
});

export const deliverLongEventsJob = defineJob({
  name: 'deliver-long-events',
  // ours: a request starts its own delivery at once; the sweep finds what a dead process left
  everySeconds: 30,
  retry: { limit: 0, delaySeconds: 30 },
  canOverlap: true,
  run: (ctx) => deliverEvents(ctx, 'long'),
});

export const pruneOutboxJob = defineJob({
  name: 'prune-outbox',
  everySeconds: 60 * 60,
  retry: { limit: 2, delaySeconds: 60 },
  run: pruneOutbox,
});
