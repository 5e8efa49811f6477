/**
 * The central's figures on /metrics (docs/metrics.md, "The central"): how long its events wait to be
 * taken and to be closed, counted by the process where the claim or the close succeeds, and how many
 * wait now, read from the database at each scrape, since every process shares one queue.
 */
import { count, eq, sql } from 'drizzle-orm';
import { centralEventKinds, type CentralEventKind } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Db } from '../../lib/db/client.ts';
import { centralEvents } from './central.schema.ts';

/** what a claim's UPDATE returns for `countClaim` */
export const claimTimes = {
  kind: centralEvents.kind,
  createdAt: centralEvents.createdAt,
  claimedAt: centralEvents.claimedAt,
};

/** what a close's UPDATE returns for `countClose` */
export const closeTimes = {
  kind: centralEvents.kind,
  createdAt: centralEvents.createdAt,
  closedAt: centralEvents.closedAt,
};

/**
 * In a RETURNING, whether the event was open before the UPDATE: a subquery reads the table as the
 * statement found it, not the row the statement wrote. The outer row is named in full, or the
 * subquery's own would be read. When the UPDATE had to wait for a claim of the same event, it
 * still reads open and both count: one claim too many, in a race of milliseconds.
 */
export const wasOpen = sql<boolean>`(
  select o.status = 'open' from central_events o where o.id = "central_events"."id"
)`;

const secondsBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;

export function countClaim(
  ctx: AppContext,
  event: { kind: CentralEventKind; createdAt: Date; claimedAt: Date | null },
): void {
  if (event.claimedAt)
    ctx.metrics.centralClaimSeconds.observe(
      { kind: event.kind },
      secondsBetween(event.createdAt, event.claimedAt),
    );
}

export function countClose(
  ctx: AppContext,
  event: { kind: CentralEventKind; createdAt: Date; closedAt: Date | null },
): void {
  if (event.closedAt)
    ctx.metrics.centralCloseSeconds.observe(
      { kind: event.kind },
      secondsBetween(event.createdAt, event.closedAt),
    );
}

/** The events nobody has taken yet, by kind, across every process: what /metrics reads at each scrape. */
export async function countWaitingEvents(db: Db): Promise<Record<CentralEventKind, number>> {
  const rows = await db
    .select({ kind: centralEvents.kind, waiting: count() })
    .from(centralEvents)
    .where(eq(centralEvents.status, 'open'))
    .groupBy(centralEvents.kind);
  const waiting = Object.fromEntries(centralEventKinds.map((kind) => [kind, 0])) as Record<
    CentralEventKind,
    number
  >;
  for (const row of rows) waiting[row.kind] = row.waiting;
  return waiting;
}
