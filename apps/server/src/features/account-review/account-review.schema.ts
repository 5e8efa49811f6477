/**
 * What the owner of a reclaimed account said was theirs (decision 050): one row per phone, network
 * member or invitation, or network membership made before `users.reclaimed_at` that the owner kept.
 * What they removed is gone from its own table; what has neither is still waiting for their answer.
 */
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';

/** a phone (devices.id), someone the owner invited (security_network_members.id, as owner), a network the owner belongs to (the same table, as member) */
export const REVIEW_ITEM_KINDS = ['device', 'member', 'membership'] as const;
export type ReviewItemKind = (typeof REVIEW_ITEM_KINDS)[number];

export const accountReviewKept = pgTable(
  'account_review_kept',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REVIEW_ITEM_KINDS }).notNull(),
    /** the item's id in its own table; no foreign key, so that a row of another feature's may go */
    itemId: integer('item_id').notNull(),
    keptAt: timestamp('kept_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.itemId] })],
);
