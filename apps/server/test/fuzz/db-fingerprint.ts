/**
 * A fingerprint of every table of the database (each feature's `<feature>.schema.ts`), for the fuzz
 * suite's rule "a refused request writes nothing": one statement hashes each table's rows, so an
 * insert, an update or a delete anywhere shows up, whichever feature made it.
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

export async function fingerprintDatabase(ctx: AppContext): Promise<Fingerprint> {
  const query = sql.join(
    tableNames.map(
      (name) =>
        sql`select ${name} as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${sql.identifier(name)} t`,
    ),
    sql` union all `,
  );
  const result = await ctx.db.execute(query);
  return Object.fromEntries(
    (result.rows as { name: string; hash: string }[]).map((row) => [row.name, row.hash]),
  );
}

/** the tables whose rows differ between two fingerprints */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return tableNames.filter((name) => before[name] !== after[name]);
}
