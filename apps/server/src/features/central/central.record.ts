/**
 * The central's record (decision 063): an append-only chain of every step of every event. Each entry
 * is hashed with the hash of the entry before it, so that changing, removing or inserting one breaks
 * the chain from there on, which `npm run admin -- central verify` finds. Entries are appended inside
 * the step's own transaction, after a transaction-scoped advisory lock that puts every process's
 * appends in one order: the lock is taken last in each transaction, so it never waits while holding it.
 */
import { createHash } from 'node:crypto';
import { asc, desc, gt, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import { centralLog, type CentralLogAction } from './central.schema.ts';

/** the hash the first entry follows */
export const GENESIS_HASH = '0'.repeat(64);
/** ours: the advisory lock's key, the decision's number twice; no other part of Escudo takes it */
const RECORD_LOCK_KEY = 63_063;

export interface CentralStep {
  at: Date;
  eventId: number;
  /** the operator; null for the server's own steps */
  actorId: number | null;
  action: CentralLogAction;
  /** what else the step was: ids, an outcome, a level; never a person's name or words */
  detail?: Record<string, string | number | null>;
  onceKey?: string;
}

/** The entry as hashed: keys in a fixed order, the details' sorted, so that it hashes the same anywhere. */
function bodyOf(step: CentralStep): string {
  const detail = Object.fromEntries(Object.entries(step.detail ?? {}).sort(([a], [b]) => a.localeCompare(b)));
  return JSON.stringify({
    at: step.at.toISOString(),
    event_id: step.eventId,
    actor_id: step.actorId,
    action: step.action,
    detail,
  });
}

const hashOf = (prevHash: string, body: string) =>
  createHash('sha256').update(`${prevHash}\n${body}`).digest('hex');

/** Appends a step, in the caller's transaction. */
export async function appendCentralStep(tx: DbOrTransaction, step: CentralStep): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${RECORD_LOCK_KEY})`);
  const [last] = await tx
    .select({ hash: centralLog.hash })
    .from(centralLog)
    .orderBy(desc(centralLog.id))
    .limit(1);
  const prevHash = last?.hash ?? GENESIS_HASH;
  const body = bodyOf(step);
  await tx
    .insert(centralLog)
    .values({
      at: step.at,
      eventId: step.eventId,
      actorId: step.actorId,
      action: step.action,
      body,
      prevHash,
      hash: hashOf(prevHash, body),
      onceKey: step.onceKey ?? null,
    })
    .onConflictDoNothing();
}

export type ChainCheck =
  | { isIntact: true; entries: number }
  | { isIntact: false; entries: number; brokenAt: number; reason: string };

/** ours: the chain is read in pages, so that a long record is never held whole in memory */
const PAGE = 1_000;

/** Walks the record from its first entry and names the first that does not follow from the one before. */
export async function verifyCentralRecord(db: DbOrTransaction): Promise<ChainCheck> {
  let prevHash = GENESIS_HASH;
  let lastId = 0;
  let entries = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(centralLog)
      .where(gt(centralLog.id, lastId))
      .orderBy(asc(centralLog.id))
      .limit(PAGE);
    for (const row of rows) {
      entries += 1;
      const broken = (reason: string) => ({ isIntact: false as const, entries, brokenAt: row.id, reason });
      if (row.prevHash !== prevHash)
        return broken('no sigue a la entrada anterior (falta, sobra o se movió una)');
      if (row.hash !== hashOf(row.prevHash, row.body)) return broken('su contenido fue cambiado');
      const body = JSON.parse(row.body) as {
        at: string;
        event_id: number;
        actor_id: number | null;
        action: string;
      };
      const isSame =
        body.at === row.at.toISOString() &&
        body.event_id === row.eventId &&
        body.actor_id === row.actorId &&
        body.action === row.action;
      if (!isSame) return broken('sus columnas no dicen lo mismo que su contenido');
      prevHash = row.hash;
      lastId = row.id;
    }
    if (rows.length < PAGE) return { isIntact: true, entries };
  }
}
