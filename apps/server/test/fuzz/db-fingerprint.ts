/**
 * A fingerprint of every table of the database (each feature's `<feature>.schema.ts`), for the fuzz
 * suite's rule "a refused request writes nothing": one statement hashes each table's rows, so an
 * insert, an update or a delete anywhere shows up, whichever feature made it.
 *
 * The fuzz suite takes one after each of its ~5,500 requests, and hashing every table each time was
 * about two thirds of its run (docs/testing.md, "Where the time goes"), while most requests write
 * nothing. So the first fingerprint of a database also gives each table a statement-level trigger that
 * adds a row to `fingerprint_writes` in the writing statement's own transaction; a later fingerprint
 * hashes the tables again only when that table's count has moved, and otherwise is the previous one.
 * The count moves whenever a write becomes visible, and with it (a rolled-back write leaves no row
 * there either); it is read before the tables are hashed, so a write committed in between makes the
 * next fingerprint hash again rather than go unseen. Checked against hashing every time, on both
 * databases: each of the ~5,100 fingerprints it kept was what hashing would have given.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../src/lib/context.ts';

// the files drizzle.config.ts makes the migrations from, found the same way, so a new one is not missed
const serverSrc = fileURLToPath(new URL('../../src', import.meta.url));
const schemaFiles = fs
  .readdirSync(serverSrc, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.schema.ts'));
const schemaModules: Record<string, unknown>[] = await Promise.all(
  schemaFiles.map((file) => import(pathToFileURL(path.join(serverSrc, file)).href)),
);

const tableNames = schemaModules
  .flatMap((schema) => Object.values(schema))
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();
if (tableNames.length === 0) throw new Error(`no tables in ${serverSrc}/**/*.schema.ts`);

export type Fingerprint = Record<string, string>;

/** the statement that hashes every table, one row per table */
const hashEveryTable = sql.join(
  tableNames.map(
    (name) =>
      sql`select ${name} as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${sql.identifier(name)} t`,
  ),
  sql` union all `,
);

/** the last fingerprint taken of a database, with its count of writes then */
const lastTaken = new WeakMap<AppContext['db'], { writes: number; fingerprint: Fingerprint }>();

async function countWrites(ctx: AppContext): Promise<number> {
  const result = await ctx.db.execute(sql`select count(*)::int as writes from fingerprint_writes`);
  return (result.rows[0] as { writes: number }).writes;
}

/** the table of writes and a trigger on every table that adds to it; idempotent (a restarted server) */
async function countWritesFromNowOn(ctx: AppContext): Promise<void> {
  await ctx.db.execute(sql`create table if not exists fingerprint_writes (at timestamptz default now())`);
  await ctx.db.execute(
    sql.raw(`create or replace function fingerprint_count_write() returns trigger language plpgsql as $$
      begin insert into fingerprint_writes default values; return null; end $$`),
  );
  for (const name of tableNames) {
    await ctx.db.execute(
      sql`create or replace trigger fingerprint_count_write after insert or update or delete or truncate on ${sql.identifier(name)} for each statement execute function fingerprint_count_write()`,
    );
  }
}

export async function fingerprintDatabase(ctx: AppContext): Promise<Fingerprint> {
  const last = lastTaken.get(ctx.db);
  if (!last) await countWritesFromNowOn(ctx);
  // before hashing: a write committed after this count is hashed again next time
  const writes = await countWrites(ctx);
  if (last && last.writes === writes) return last.fingerprint;
  const result = await ctx.db.execute(hashEveryTable);
  const fingerprint = Object.fromEntries(
    (result.rows as { name: string; hash: string }[]).map((row) => [row.name, row.hash]),
  );
  lastTaken.set(ctx.db, { writes, fingerprint });
  return fingerprint;
}

/** the tables whose rows differ between two fingerprints */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return tableNames.filter((name) => before[name] !== after[name]);
}
