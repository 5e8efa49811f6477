/** The plan-expiry reminders sent, one row per plan period and kind (reminders.service.ts). */
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';

export const PLAN_REMINDER_KINDS = ['7d', '1d'] as const;
export type PlanReminderKind = (typeof PLAN_REMINDER_KINDS)[number];

/**
 * A reminder is claimed by inserting its row before the e-mail goes: the unique key (account, the
 * period's end, kind) lets one process win, so no two send it. `sentAt` stays null while the e-mail
 * is under way; a failed send deletes the row, so a later run tries again. A renewed plan has a new
 * end, hence its own reminders.
 */
export const planReminders = pgTable(
  'plan_reminders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planExpiresAt: timestamp('plan_expires_at', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: PLAN_REMINDER_KINDS }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('plan_reminders_once_idx').on(t.userId, t.planExpiresAt, t.kind)],
);
