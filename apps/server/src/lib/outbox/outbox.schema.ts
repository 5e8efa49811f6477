import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

/**
 * The durable events (lib/events.ts, decision 026 as amended by 055): written in the transaction of
 * the change that raises them, delivered to their subscribers through the job queue (outbox.ts), at
 * least once. A row is kept a while after its delivery, then pruned.
 */
export const eventOutbox = pgTable(
  'event_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    /** the subscribers (their features' names) whose handler has finished: a retry skips them */
    doneBy: text('done_by')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** deliveries begun, the first included */
    attempts: integer('attempts').notNull().default(0),
    /** not before: the lease of the process delivering it, or the wait before its next try */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('event_outbox_due_idx')
      .on(t.availableAt)
      .where(sql`${t.deliveredAt} is null`),
    index('event_outbox_delivered_idx').on(t.deliveredAt),
  ],
);

/**
 * The e-mails a durable event's handler has sent, by a key that names the event and the person
 * (send-once.ts): a repeat of the delivery does not send them again.
 */
export const sentEmails = pgTable(
  'sent_emails',
  {
    key: text('key').primaryKey(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sent_emails_sent_at_idx').on(t.sentAt)],
);
