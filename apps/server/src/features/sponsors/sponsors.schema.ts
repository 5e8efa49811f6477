import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../lib/db/columns.ts';
import { planes } from '../plans/plans.schema.ts';

/**
 * Sponsors (decision 021): an organisation that gives its people a plan for some months at
 * no cost, through the link `/register?sponsor_code=UNIQUE_ID`. `uniqueId` is random and unguessable
 * (the link is the only key); an operator creates and disables them with the admin command.
 */
export const sponsors = pgTable(
  'sponsors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uniqueId: text('unique_id').notNull(),
    name: text('name').notNull(),
    planId: integer('plan_id')
      .notNull()
      .references(() => planes.id),
    months: integer('months').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sponsors_unique_id_idx').on(t.uniqueId),
    check('sponsors_months_check', sql`${t.months} between 1 and 120`),
  ],
);
