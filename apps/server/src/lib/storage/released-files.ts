/**
 * Stored files that nothing refers to any more leave the store through the outbox (decisions 038,
 * 055): the change that releases them (an account deleted, a phone removed with its data) records
 * `storedFilesReleased` in its own transaction, and the delivery removes each file after the commit.
 * A removal that fails (the bucket does not answer) fails the delivery, which is tried again until
 * every file is gone (DURABLE_EVENTS: kept trying), so no photo of a deleted account is forgotten.
 * Removing a file that is already gone is no error, so a repeat is harmless.
 */
import type { AppContext } from '../context.ts';
import type { DbOrTransaction } from '../db/client.ts';

/** ours: keys per event, so that one delivery stays well inside its lease even on a slow bucket */
export const FILES_PER_EVENT = 500;

/** Records, in `tx`, that the files of `keys` are to be removed once it commits. */
export async function releaseStoredFiles(
  ctx: AppContext,
  tx: DbOrTransaction,
  keys: string[],
): Promise<void> {
  for (let start = 0; start < keys.length; start += FILES_PER_EVENT) {
    await ctx.events.record(tx, 'storedFilesReleased', { keys: keys.slice(start, start + FILES_PER_EVENT) });
  }
}

/** The subscriber (app/context.ts): every file removed; the delivery fails if one could not be. */
export function subscribeStorageToReleasedFiles(ctx: AppContext): void {
  ctx.events.on('storedFilesReleased', 'storage', async ({ keys }) => {
    let failed = 0;
    for (const key of keys) {
      try {
        await ctx.storage.delete(key);
      } catch (error) {
        failed += 1;
        ctx.log.warn({ err: error, key }, 'a released file could not be removed; it is tried again');
      }
    }
    if (failed > 0) throw new Error(`${failed} of ${keys.length} released files could not be removed`);
  });
}
