/**
 * A fingerprint of every table of the database (schema.ts), for the fuzz suite's rule "a refused
 * request writes nothing": one statement hashes each table's rows, so an insert, an update or a
 * delete anywhere shows up, whichever feature made it.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../src/lib/context.ts';
import * as schema from '../../src/lib/db/schema.ts';

const tableNames = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

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
