/**
 * Many callers' look-ups of one kind as one query (decision 059): what a connecting phone needs from
 * the database (its token, its last connection, its open orders) is asked for every phone that
 * connected in the same moment at once. Look-ups that arrive while a batch is at the database wait
 * and go in the next one, so under a reconnection storm the batches grow instead of the queries,
 * and each kind holds at most `concurrency` of the pool's connections: the API's requests (a lock
 * order) keep the rest.
 *
 * DataLoader does the gathering and hands each caller its own answer; without a cache, each call
 * reads the database as it is.
 */
import DataLoader from 'dataloader';

export interface BatchLoader<K, V> {
  load(key: K): Promise<V>;
}

export function createBatchLoader<K, V>(
  /** one answer per key, in the keys' order (a key may appear twice: two sockets of one phone) */
  loadMany: (keys: readonly K[]) => Promise<V[]>,
  { maxBatch = 500, concurrency = 1 }: { maxBatch?: number; concurrency?: number } = {},
): BatchLoader<K, V> {
  let free = concurrency;
  const waiting: (() => void)[] = [];
  // a batch is sent once the event loop has run the I/O at hand (setImmediate): every socket that
  // connected in that turn is in it. With no connection free it waits, and keeps gathering keys.
  const schedule = (dispatch: () => void) => {
    if (free > 0) {
      free -= 1;
      setImmediate(dispatch);
    } else waiting.push(dispatch);
  };
  const loader = new DataLoader<K, V>(
    async (keys) => {
      try {
        return await loadMany(keys);
      } finally {
        const next = waiting.shift();
        if (next) setImmediate(next);
        else free += 1;
      }
    },
    { cache: false, maxBatchSize: maxBatch, batchScheduleFn: schedule },
  );
  return { load: (key) => loader.load(key) };
}
