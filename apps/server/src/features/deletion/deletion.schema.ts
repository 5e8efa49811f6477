/** Closing an account (decision 038): the links that cancel a deletion. */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../lib/db/columns.ts';
import { users } from '../accounts/accounts.schema.ts';

/**
 * The e-mailed link that cancels a scheduled deletion: only the token's SHA-256 is stored. It works
 * once, and while the account exists and its deletion is scheduled; it goes with the account.
 */
export const deletionCancelTokens = pgTable(
  'deletion_cancel_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deletion_cancel_tokens_token_hash_idx').on(t.tokenHash),
    index('deletion_cancel_tokens_user_idx').on(t.userId),
  ],
);
