/**
 * The database, PostgreSQL dialect (PGlite embedded, or a real server): each feature keeps its tables
 * in its own `<feature>.schema.ts` (lib's throttle too), and those files are the schema. Column names
 * follow the spec's field names where the API exposes them. Migrations are generated from all of them
 * with `npm run db:generate` and committed; `npm test` fails if they are out of date. Here: the
 * columns many tables share.
 */
import { timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
