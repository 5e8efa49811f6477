/**
 * The queries on the path of nearly every request (the session of a bearer token, user details),
 * written as SQL text and sent to the driver itself, not through Drizzle (decision 047). Measured
 * under load, Drizzle's execution of them (its span, mapping every column of every row into nested
 * objects, a `Date` made from every timestamp, which the answer then wrote back as text) was a
 * tenth of user details' CPU (decision 047). Everything else stays on Drizzle.
 *
 * Rows come back as the driver gives them, one object per row keyed by the columns' aliases: write
 * timestamps as ISO text in the SQL (`isoText`), never select an int8 (PGlite gives a number,
 * node-postgres a string). Values are positional (`$1`, `$2`…), timestamps passed as ISO strings.
 * On PostgreSQL the statement is prepared once per pooled connection, under its name.
 */
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './client.ts';

export type PlainQuery<Row> = (db: Db, values: readonly unknown[]) => Promise<Row[]>;

/** `name` must be unique among the statements of a connection, as PostgreSQL keeps them by name */
export function plainQuery<Row>(name: string, text: string): PlainQuery<Row> {
  return async (db, values) => {
    // the client Drizzle was opened on (lib/db/client.ts): a node-postgres pool or PGlite
    const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
    if (client instanceof pg.Pool) {
      const result = await client.query({ name, text, values: values as unknown[] });
      return result.rows as Row[];
    }
    const result = await client.query<Row>(text, values as unknown[]);
    return result.rows;
  };
}

/**
 * A timestamptz expression as the text `Date.prototype.toISOString` writes (UTC, milliseconds, `Z`):
 * made by the database, so that no `Date` is made and written back per value.
 */
export function isoText(expression: string): string {
  return `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
