/**
 * Prepared queries for the hot paths (every authenticated request, user details): the SQL is built
 * once instead of on every call, and on PostgreSQL each pool connection parses and plans it once.
 * Drizzle binds a prepared query to one database object, so it is kept per database (tests open
 * many). Values come through `sql.placeholder()`, which skips the column's encoder: pass what the
 * driver expects (timestamps as ISO strings).
 */
import type { Db } from './client.ts';

export function preparedPerDatabase<Query>(prepare: (db: Db) => Query): (db: Db) => Query {
  const prepared = new WeakMap<Db, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}
