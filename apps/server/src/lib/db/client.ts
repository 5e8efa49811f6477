/**
 * Opens the database: PostgreSQL through a node-postgres pool when DATABASE_URL is set, otherwise
 * the embedded PGlite (persisted in DATA_DIR/db, or in memory for tests). Both are driven through the
 * same Drizzle API; migrations are applied here, at start-up (on PostgreSQL under an advisory lock, so
 * that processes starting together never both migrate), or alone by `npm run migrate` (admin/migrate.ts).
 * PGlite on a folder syncs every commit to disk unless told otherwise (durable-pglite.ts, decision 009).
 */
import path from 'node:path';
import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { findPackageRoot } from '../package-root.ts';
import { createPrivateDir } from '../private-dir.ts';
import { openDurablePglite } from './durable-pglite.ts';
import { reasonOf, ServiceUnavailableError, whereIs } from '../unavailable.ts';

/** Queries name their tables; nothing uses Drizzle's relational API (`db.query`), so it gets no schema. */
export type Db = NodePgDatabase;
/** the database or a transaction on it: what a statement that may join a caller's transaction takes */
export type DbOrTransaction = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** how many queries the driver can run at once: PGlite is single-connection */
  concurrency: number;
  /** PostgreSQL's connection URL, for what opens its own connections (the job queue, lib/jobs) */
  url?: string;
  /**
   * readiness (lib/http/health.ts): resolves true when the database holds every migration this code
   * has (or a later one, from a newer process), false when it is behind; throws when unreachable
   */
  isMigrated(): Promise<boolean>;
  close(): Promise<void>;
}

/** apps/server/drizzle, from the sources or from the bundle in dist/ alike (lib/package-root.ts) */
export const migrationsFolder = path.join(findPackageRoot(import.meta.url), 'drizzle');

/** the newest migration of this code, as drizzle's migrator records it (created_at = its folderMillis) */
const newestMigrationMillis = Math.max(
  0,
  ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis),
);

/** reads the newest migration applied, in the table drizzle's migrator writes in both drivers */
async function isMigrated(db: Db): Promise<boolean> {
  const result = await db.execute<{ newest: string | null }>(
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );
  return Number(result.rows[0]?.newest ?? 0) >= newestMigrationMillis;
}

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
   * PostgreSQL: a statement running longer is cancelled (SQLSTATE 57014), so that a stuck query or a
   * lock held too long cannot keep a pooled connection, and the request waiting on it, forever
   */
  statementTimeoutMs?: number | undefined;
  /** PostgreSQL: told when an idle pooled connection fails (the server logs it; the pool replaces it) */
  onPoolError?: (error: Error) => void;
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

/** ours: far above any statement of a request (all take milliseconds), well below a client's patience */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;

export type PgliteDurability = 'durable' | 'relaxed';

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    });
    // a dropped idle connection must not crash the process (the pool replaces it), nor go unseen
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = drizzlePg(pool);
    await migratePostgres(pool, options.url);
    return {
      db,
      driver: 'postgres',
      concurrency: options.poolSize ?? 10,
      url: options.url,
      isMigrated: () => isMigrated(db),
      close: () => pool.end(),
    };
  }
  const dir = options.pgliteDir && options.pgliteDir !== 'memory://' ? options.pgliteDir : undefined;
  // PGlite makes its files with modes of its own: a folder only our user can enter keeps them private
  if (dir) await createPrivateDir(dir);
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
    isMigrated: () => isMigrated(db),
    close: () => {
      clearInterval(checkpoints);
      return client.close();
    },
  };
}

/**
 * Several server processes (or `npm run migrate` and a server) may start together on one PostgreSQL
 * database: without a lock both would find a migration missing and both would run it, and one of them
 * fails half-way ("relation already exists"). The first to take this advisory lock migrates; the
 * others wait for it, then find nothing left to do. A session-level lock on one dedicated connection,
 * the one Drizzle migrates on, released before the connection goes back to the pool.
 */
/** what PostgreSQL said when it refused the connection, else the network's reason */
function postgresReasonOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === '3D000') return 'la base de datos no existe';
  if (code === '28P01' || code === '28000') return 'rechazó el usuario o la contraseña';
  return reasonOf(error);
}

export const MIGRATION_LOCK_KEY = 0x65736375; // ours: 'escu' in ASCII, a key no other lock of ours uses

async function migratePostgres(pool: pg.Pool, url: string): Promise<void> {
  const client = await pool.connect().catch((error: unknown) => {
    throw new ServiceUnavailableError(
      `No se puede conectar a la base de datos PostgreSQL ${whereIs(url)} (DATABASE_URL): ${postgresReasonOf(error)}.`,
    );
  });
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder });
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    client.release();
  } catch (error) {
    // closing the connection ends its session, and with it the lock
    client.release(true);
    throw error;
  }
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
