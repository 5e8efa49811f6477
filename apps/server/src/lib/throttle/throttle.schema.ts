import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

/**
 * Hits counted against a limit in a sliding window (lib/throttle): failed sign-ins per account and
 * address, sign-ups and reset requests per address, reset e-mails per e-mail. Shared by every server
 * process and kept across restarts, so that neither a restart nor a second process resets a limit.
 */
export const throttleHits = pgTable(
  'throttle_hits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** the limit's name and what it counts, e.g. `signin-pair:ana@example.cl|203.0.113.7` */
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('throttle_hits_key_idx').on(t.key, t.createdAt)],
);
