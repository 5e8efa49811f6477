import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../lib/db/columns.ts';
import { users } from '../accounts/accounts.schema.ts';

/**
 * The referral sales programme (decision 020): one row per account that activated its sales
 * profile (none: never activated), with the bank account its commissions are paid to.
 */
export const salesProfiles = pgTable(
  'sales_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 active, 2 suspended (docs/api.md) */
    status: integer('status').notNull(),
    suspendReason: text('suspend_reason'),
    bank: text('bank'),
    accountType: text('account_type'),
    accountNumber: text('account_number'),
    holder: text('holder'),
    /** clean: digits and check digit */
    holderRut: text('holder_rut'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sales_profiles_status_check', sql`${t.status} in (1, 2)`)],
);
