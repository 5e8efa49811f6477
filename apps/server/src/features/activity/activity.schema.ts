/** What happened to an account, as its owner reads it in 'Seguridad y privacidad' (decision 036). */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ActivityKind } from '@escudo/contract';
import { users } from '../accounts/accounts.schema.ts';

export const accountActivity = pgTable(
  'account_activity',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind').$type<ActivityKind>().notNull(),
    /** the request's address and readable browser (lib/http/client-origin.ts); null for scheduled work */
    address: text('address'),
    browser: text('browser'),
    /** what the entry is about, as the owner reads it: a phone's name, an invited e-mail, an operator */
    detail: text('detail'),
  },
  (t) => [index('account_activity_user_at_idx').on(t.userId, t.at)],
);
