/**
 * Retention's deletes (docs/privacy.md): rows go BATCH at a time, so the first run on a large database
 * holds no long lock and a run cut short is simply continued by the next.
 */
import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTransaction } from './client.ts';

/** ours: rows removed per statement */
const BATCH = 5_000;

/** Deletes the rows of `table` matching `where`, by their `id` column, a batch per statement. */
export async function deleteInBatches(
  db: DbOrTransaction,
  table: PgTable & { id: PgColumn },
  where: SQL | undefined,
): Promise<void> {
  for (;;) {
    const batch = db.select({ id: table.id }).from(table).where(where).limit(BATCH);
    const removed = await db.delete(table).where(inArray(table.id, batch)).returning({ id: table.id });
    if (removed.length < BATCH) return;
  }
}
