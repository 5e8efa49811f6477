/**
 * The queries on the path of nearly every request (the session of a bearer token, user details),
 * written as SQL text and sent to the driver itself, not through Drizzle (decision 047). Measured
 * under load, Drizzle's execution of them (its span, mapping every column of every row into nested
 * objects, a `Date` made from every timestamp, which the answer then wrote back as text) was a
 * tenth of user details' CPU (decision 047). An owner's order calls its database function this way
 * too, on its transaction's connection when it has one (decision 061). Everything else stays on
 * Drizzle.
 *
 * Rows come back as the driver gives them, one object per row keyed by the columns' aliases: write
 * timestamps as ISO text in the SQL (`isoText`), never select an int8 (PGlite gives a number,
 * node-postgres a string). Values are positional (`$1`, `$2`…), timestamps passed as ISO strings.
 * On PostgreSQL the statement is prepared once per pooled connection, under its name.
 */
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { DbOrTransaction } from './client.ts';

export type PlainQuery<Row> = (db: DbOrTransaction, values: readonly unknown[]) => Promise<Row[]>;

type Client = pg.Pool | pg.Client | Pick<PGlite, 'query'>;

/**
 * The driver's client under Drizzle (lib/db/client.ts): the database's (a node-postgres pool or
 * PGlite), or a transaction's (the pool's connection it holds, or PGlite's transaction).
 */
function clientOf(db: DbOrTransaction): Client {
  if ('$client' in db) return (db as unknown as { $client: Client }).$client;
  return (db as unknown as { session: { client: Client } }).session.client;
}

/** `name` must be unique among the statements of a connection, as PostgreSQL keeps them by name */
export function plainQuery<Row>(name: string, text: string): PlainQuery<Row> {
  return async (db, values) => {
    const client = clientOf(db);
    if (client instanceof pg.Pool || client instanceof pg.Client) {
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
