/**
 * The embedded database keeps acknowledged writes through a power cut unless told otherwise
 * (decision 009). A power cut cannot be staged in a test; what makes the difference can be seen:
 * PostgreSQL's fsync setting, and the host fsync that a commit does or does not cause.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../env.ts';
import { createPostgresDatabase } from '../../../test/test-app.ts';
import { MIGRATION_LOCK_KEY, migrationsFolder, openDatabase, type Database } from './client.ts';

// PGlite's own behaviour; the PostgreSQL run of the suite has nothing to add
const isPostgresRun = process.env.ESCUDO_TEST_DB === 'postgres';

const opened: Database[] = [];
const folders: string[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((database) => database.close()));
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

async function open(options: Parameters<typeof openDatabase>[0]) {
  const database = await openDatabase(options);
  opened.push(database);
  return database;
}

function tempFolder() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'escudo-db-test-'));
  folders.push(folder);
  return path.join(folder, 'db');
}

async function setting(database: Database, name: 'fsync' | 'wal_sync_method') {
  const { rows } = await database.db.execute(sql.raw(`show ${name}`));
  return (rows[0] as Record<string, string>)[name];
}

/** host fsync calls made while one row is inserted and committed */
async function fsyncsOfOneCommit(database: Database) {
  await database.db.execute(sql`create table if not exists probe (id serial primary key)`);
  const fsync = vi.spyOn(fs, 'fsyncSync');
  await database.db.execute(sql`insert into probe default values`);
  const calls = fsync.mock.calls.length;
  fsync.mockRestore();
  return calls;
}

describe.skipIf(isPostgresRun)('PGlite durability', () => {
  it(
    'on a folder, by default: fsync on, and a commit waits for a host fsync',
    { timeout: 60_000 },
    async () => {
      const dir = tempFolder();
      const database = await open({ pgliteDir: dir });
      expect(await setting(database, 'fsync')).toBe('on');
      // fdatasync is a no-op inside PGlite; fsync is the call that reaches the disk
      expect(await setting(database, 'wal_sync_method')).toBe('fsync');
      expect(await fsyncsOfOneCommit(database)).toBeGreaterThanOrEqual(1);

      // and what was acknowledged is there when the folder is opened again
      await database.close();
      opened.splice(opened.indexOf(database), 1);
      const again = await open({ pgliteDir: dir });
      const { rows } = await again.db.execute(sql`select count(*)::int as n from probe`);
      expect(rows[0]).toEqual({ n: 1 });
      expect(await fsyncsOfOneCommit(again)).toBeGreaterThanOrEqual(1);
    },
  );

  it('relaxed only when asked: fsync off, no host fsync on commit', { timeout: 60_000 }, async () => {
    const database = await open({ pgliteDir: tempFolder(), pgliteDurability: 'relaxed' });
    expect(await setting(database, 'fsync')).toBe('off');
    expect(await fsyncsOfOneCommit(database)).toBe(0);
  });

  it('in memory there is nothing to sync: PGlite as it comes, for fast tests', async () => {
    const database = await open({ pgliteDir: 'memory://' });
    expect(await setting(database, 'fsync')).toBe('off');
    expect(await fsyncsOfOneCommit(database)).toBe(0);
  });

  it('checkpoints a database on a folder periodically: nothing else would, and the WAL would grow without bound', async () => {
    const database = await open({ pgliteDir: tempFolder(), pgliteCheckpointEveryMs: 100 });
    const lastCheckpoint = async () => {
      const { rows } = await database.db.execute(
        sql`select checkpoint_lsn::text as lsn from pg_control_checkpoint()`,
      );
      return (rows[0] as { lsn: string }).lsn;
    };
    await database.db.execute(sql`create table written (id int)`);
    await database.db.execute(sql`insert into written select generate_series(1, 1000)`);
    const before = await lastCheckpoint();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await lastCheckpoint()).not.toBe(before);
  });

  it('the setting defaults to durable and takes nothing but durable or relaxed', () => {
    expect(parseEnv({}).PGLITE_DURABILITY).toBe('durable');
    expect(parseEnv({ PGLITE_DURABILITY: 'relaxed' }).PGLITE_DURABILITY).toBe('relaxed');
    expect(() => parseEnv({ PGLITE_DURABILITY: 'off' })).toThrow(/PGLITE_DURABILITY/);
  });
});

describe.runIf(isPostgresRun)('migrations on PostgreSQL', () => {
  it('processes starting together on a fresh database all start, and each migration runs once', async () => {
    const postgres = await createPostgresDatabase();
    try {
      // four servers (or `npm run migrate` and servers) starting at once, each with its own pool
      const results = await Promise.allSettled(
        Array.from({ length: 4 }, () => openDatabase({ url: postgres.url, poolSize: 2 })),
      );
      for (const result of results) if (result.status === 'fulfilled') opened.push(result.value);
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);

      const committed = fs.readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql'));
      const database = opened[0]!;
      const { rows: applied } = await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied[0]).toEqual({ n: committed.length });
      // the lock is released once migrated: another session can take it at once
      const { rows: free } = await database.db.execute(
        sql`select pg_try_advisory_lock(${MIGRATION_LOCK_KEY}) as taken`,
      );
      expect(free[0]).toEqual({ taken: true });
    } finally {
      await Promise.all(opened.splice(0).map((database) => database.close()));
      await postgres.drop();
    }
  });
});
