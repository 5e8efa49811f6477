/**
 * Opens the database: PostgreSQL through a node-postgres pool when DATABASE_URL is set, otherwise
 * the embedded PGlite (persisted in DATA_DIR/db, or in memory for tests). Both are driven through the
 * same Drizzle API; migrations are applied here, at start-up.
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
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;

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
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // a dropped idle connection must not crash the process; the pool replaces it
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db, driver: 'postgres', concurrency: options.poolSize ?? 10, close: () => pool.end() };
  }
  const dir = options.pgliteDir;
  if (dir && dir !== 'memory://') fs.mkdirSync(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir && dir !== 'memory://' ? dir : undefined);
  yieldBeforeEachQuery(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, driver: 'pglite', concurrency: 1, close: () => client.close() };
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
