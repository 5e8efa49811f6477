/**
 * Opens the database: PostgreSQL through a node-postgres pool when DATABASE_URL is set, otherwise
 * the embedded PGlite (persisted in DATA_DIR/db, or in memory for tests). Both are driven through the
 * same Drizzle API; migrations are applied here, at start-up. PGlite on a folder syncs every commit
 * to disk unless told otherwise (durable-pglite.ts, decision 009).
 */
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { openDurablePglite } from './durable-pglite.ts';

/** Queries name their tables; nothing uses Drizzle's relational API (`db.query`), so it gets no schema. */
export type Db = NodePgDatabase;
/** the database or a transaction on it: what a statement that may join a caller's transaction takes */
export type DbOrTransaction = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** how many queries the driver can run at once: PGlite is single-connection */
  concurrency: number;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export interface DatabaseOptions {
  /** postgres:// URL; without it PGlite is used */
  url?: string | undefined;
  /** PGlite folder; 'memory://' or undefined for an in-memory database */
  pgliteDir?: string | undefined;
  /**
   * PGlite on a folder: 'durable' (the default) acknowledges a commit once it is on disk; 'relaxed'
   * once the OS has it, which survives the process being killed but not a power cut or an OS crash.
   * Memory has nothing to sync either way.
   */
  pgliteDurability?: PgliteDurability | undefined;
  /** PGlite on a folder: how often to checkpoint (PGLITE_CHECKPOINT_EVERY_MS unless said) */
  pgliteCheckpointEveryMs?: number;
  /** told when a periodic checkpoint fails (the server logs it) */
  onMaintenanceError?: (error: unknown) => void;
  poolSize?: number;
  /**
   * Tests only: an in-memory PGlite starts from this dump of an already migrated database
   * (PGlite.dumpDataDir) instead of an empty one, which saves initdb and the migrations; the migrate
   * step below still runs and finds nothing to do.
   */
  pgliteLoadDataDir?: Blob | undefined;
}

/**
 * PGlite runs PostgreSQL as a single process, with no checkpointer: nothing checkpoints as the WAL
 * grows, so it grew without bound (measured: 1.6 GB after 1.4 GB of writes, past max_wal_size),
 * taking the disk and lengthening crash recovery at every start. A checkpoint every 5 minutes, the
 * interval PostgreSQL itself uses (checkpoint_timeout), lets it recycle the WAL.
 */
export const PGLITE_CHECKPOINT_EVERY_MS = 5 * 60 * 1000;

export type PgliteDurability = 'durable' | 'relaxed';

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // a dropped idle connection must not crash the process; the pool replaces it
    pool.on('error', () => {});
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder });
    return { db, driver: 'postgres', concurrency: options.poolSize ?? 10, close: () => pool.end() };
  }
  const dir = options.pgliteDir && options.pgliteDir !== 'memory://' ? options.pgliteDir : undefined;
  if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const client =
    dir && options.pgliteDurability !== 'relaxed'
      ? await openDurablePglite(dir)
      : await PGlite.create(
          dir,
          !dir && options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {},
        );
  yieldBeforeEachQuery(client);
  const db = drizzlePglite(client) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  const checkpoints = dir
    ? setInterval(() => {
        client.query('CHECKPOINT').catch((error: unknown) => options.onMaintenanceError?.(error));
      }, options.pgliteCheckpointEveryMs ?? PGLITE_CHECKPOINT_EVERY_MS).unref()
    : undefined;
  return {
    db,
    driver: 'pglite',
    concurrency: 1,
    close: () => {
      clearInterval(checkpoints);
      return client.close();
    },
  };
}

/**
 * PGlite runs each query synchronously on this thread, and its promises chain one query onto the
 * next as microtasks, so under load Node only got back to its sockets once the whole backlog had
 * run: at 50+ connections new connections were accepted one per pass over the backlog and waited
 * seconds before admission control even saw their request (bench/RESULTS.md). Starting each query
 * on a fresh turn of the event loop lets Node accept connections and read requests in between;
 * the bench shows no loss of throughput.
 */
function yieldBeforeEachQuery(client: PGlite): void {
  const query = client.query.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await nextTurnOfEventLoop();
    return query(...args);
  }) as typeof client.query;
}
