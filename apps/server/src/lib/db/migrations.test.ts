/**
 * Every other server test starts from a copy of a database migrated once per run (test/global-setup.ts).
 * This one applies every migration to an empty database, on PGlite and on PostgreSQL, as a new
 * installation does, and checks that the copies the other tests use have exactly that schema.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, migratedPgliteDump } from '../../../test/test-app.ts';
import { migrationsFolder, openDatabase, type Database } from './client.ts';

const isPostgresRun = process.env.ESCUDO_TEST_DB === 'postgres';
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open({ empty }: { empty: boolean }): Promise<Database> {
  let database: Database;
  if (isPostgresRun) {
    const postgres = await createPostgresDatabase({ empty });
    cleanups.push(() => postgres.drop());
    database = await openDatabase({ url: postgres.url, poolSize: 1 });
  } else {
    database = await openDatabase({
      pgliteDir: 'memory://',
      pgliteLoadDataDir: empty ? undefined : await migratedPgliteDump(),
    });
  }
  cleanups.push(() => database.close());
  return database;
}

/** tables, columns, indexes and constraints of the public schema, as text to compare */
async function schemaOf(database: Database) {
  const { rows: columns } = await database.db.execute(sql`
    select table_name, column_name, data_type, is_nullable, column_default
    from information_schema.columns where table_schema = 'public'
    order by table_name, column_name`);
  const { rows: indexes } = await database.db.execute(sql`
    select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`);
  const { rows: constraints } = await database.db.execute(sql`
    select conrelid::regclass::text as on_table, conname, pg_get_constraintdef(oid) as definition
    from pg_constraint where connamespace = 'public'::regnamespace
    order by on_table, conname`);
  return { columns, indexes, constraints };
}

async function appliedMigrations(database: Database) {
  const { rows } = await database.db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return (rows[0] as { n: number }).n;
}

describe(`the migrations (${isPostgresRun ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'apply one by one to an empty database, to the schema every other test starts from',
    { timeout: 120_000 },
    async () => {
      const fromScratch = await open({ empty: true });
      expect(await appliedMigrations(fromScratch)).toBe(journal.entries.length);

      const copy = await open({ empty: false });
      expect(await appliedMigrations(copy)).toBe(journal.entries.length);
      const schema = await schemaOf(fromScratch);
      expect(schema.columns.length).toBeGreaterThan(0);
      expect(await schemaOf(copy)).toEqual(schema);
    },
  );
});

/**
 * The migration that moved the hand-made queues onto the outbox (0029) carries over what they held:
 * a database migrated to the step before it, with a file, two exports and a network retry waiting,
 * is migrated on, and the outbox holds the same work.
 */
describe.skipIf(isPostgresRun)('the move of the work queues onto the outbox (0029)', () => {
  it(
    'turns waiting files, exports and network retries into events to deliver',
    { timeout: 60_000 },
    async () => {
      const before = fs.mkdtempSync(path.join(os.tmpdir(), 'escudo-migrations-'));
      cleanups.push(async () => fs.rmSync(before, { recursive: true, force: true }));
      fs.cpSync(migrationsFolder, before, { recursive: true });
      const full = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
        entries: { tag: string }[];
      };
      const upTo = full.entries.findIndex((entry) => entry.tag === '0029_outbox_work');
      expect(upTo).toBeGreaterThan(0);
      fs.writeFileSync(
        path.join(before, 'meta/_journal.json'),
        JSON.stringify({ ...full, entries: full.entries.slice(0, upTo) }),
      );
      const client = await PGlite.create();
      cleanups.push(() => client.close());
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });

      await db.execute(sql`
      insert into users (id, name, email, codigo_invitacion) overriding system value
      values (1, 'Ana', 'ana@example.cl', 'A1'), (2, 'Beto', 'beto@example.cl', 'B2')`);
      await db.execute(sql`
      insert into deletion_pending_files (storage_key) values ('photos/a.jpg'), ('photos/b.jpg')`);
      await db.execute(sql`
      insert into data_exports (id, user_id, status, expires_at, emailed_at) overriding system value values
        (10, 1, 'pending', null, null),
        (11, 2, 'ready', now() + interval '1 hour', null),
        (12, 2, 'expired', now() - interval '1 hour', now() - interval '1 day')`);
      await db.execute(sql`
      insert into event_outbox (id, event, payload, done_by, attempts, delivered_at) overriding system value
      values (100, 'alertRaised', '{"userId":1,"alertId":7}', '{network}', 1, now()),
             (101, 'alertRaised', '{"userId":1,"alertId":8}', '{network}', 1, now())`);
      await db.execute(sql`
      insert into network_email_retries (kind, subject_id, member_user_id, attempts, next_attempt_at)
      values ('alert', 7, 2, 1, now())`);

      await migrate(db, { migrationsFolder });
      const { rows } = await db.execute(sql`
      select id, event, payload, done_by, attempts, delivered_at is null as is_due
      from event_outbox order by event, payload::text`);
      expect(rows).toEqual([
        {
          id: 100,
          event: 'alertRaised',
          payload: { userId: 1, alertId: 7 },
          done_by: [],
          attempts: 0,
          is_due: true,
        },
        {
          id: 101,
          event: 'alertRaised',
          payload: { userId: 1, alertId: 8 },
          done_by: ['network'],
          attempts: 1,
          is_due: false,
        },
        expect.objectContaining({ event: 'dataExportRequested', payload: { exportId: 10 }, is_due: true }),
        expect.objectContaining({ event: 'dataExportRequested', payload: { exportId: 11 }, is_due: true }),
        expect.objectContaining({
          event: 'storedFilesReleased',
          payload: { keys: ['photos/a.jpg', 'photos/b.jpg'] },
        }),
      ]);
    },
  );
});
