/**
 * Every other server test starts from a copy of a database migrated once per run (test/global-setup.ts).
 * This one applies every migration to an empty database, on PGlite and on PostgreSQL, as a new
 * installation does, and checks that the copies the other tests use have exactly that schema.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
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
