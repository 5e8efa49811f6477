/** Plan payments through Flow, and the built-in Flow sandbox's own. */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../lib/db/columns.ts';
import { users } from '../accounts/accounts.schema.ts';
import { planes } from '../plans/plans.schema.ts';

/**
 * Plan payments through Flow (decision 008): one row per attempt. `appliedAt` is set in the
 * same conditional UPDATE that marks it paid, so a payment changes the account's plan at most once
 * however many times Flow confirms it. A row outlives its account (decision 038): accounting keeps
 * payments, so deleting an account leaves them without it (no name, e-mail or RUT is stored here).
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** the account that pays; null once that account was deleted (decision 038) */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * the referrer of a deleted account, copied when it was deleted, so that the referrer's sales
     * keep this payment's amount without the person (sales.service.ts); null while the account exists
     */
    deletedAccountReferrerId: integer('deleted_account_referrer_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    planId: integer('plan_id')
      .notNull()
      .references(() => planes.id),
    monthsPaid: integer('months_paid').notNull(),
    /** CLP, as quoted when the order was made; Flow must report exactly this */
    amount: integer('amount').notNull(),
    /** our order number as sent to Flow (unique per merchant at Flow, so random rather than the id) */
    commerceOrder: text('commerce_order').notNull(),
    /**
     * created: not at Flow yet; failed: Flow refused it; pending, paid, rejected, cancelled: Flow's 1..4;
     * refused: Flow says paid but not what was ordered (amount or order number), left for a person
     */
    status: text('status', {
      enum: ['created', 'failed', 'pending', 'paid', 'rejected', 'cancelled', 'refused'],
    })
      .notNull()
      .default('created'),
    flowToken: text('flow_token'),
    flowOrder: bigint('flow_order', { mode: 'number' }),
    /** the last status Flow reported (1..4) */
    flowStatus: integer('flow_status'),
    paymentMedia: text('payment_media'),
    /** as Flow gives it: YYYY-MM-DD HH:mm:ss, Chile time */
    paymentDate: text('payment_date'),
    failureReason: text('failure_reason'),
    /** when the payment changed the account's plan; null until then (and forever unless paid) */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /** the plan's expiry right after this payment was applied */
    planExpiresAt: timestamp('plan_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_commerce_order_idx').on(t.commerceOrder),
    uniqueIndex('payments_flow_token_idx').on(t.flowToken),
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_deleted_account_referrer_idx')
      .on(t.deletedAccountReferrerId)
      .where(sql`${t.deletedAccountReferrerId} is not null`),
  ],
);

/**
 * The built-in Flow sandbox's own payments (used only when no Flow keys are set, outside production).
 * Kept in the database rather than in memory so that several server processes and restarts share them.
 */
export const flowSandboxPayments = pgTable(
  'flow_sandbox_payments',
  {
    flowOrder: integer('flow_order').primaryKey().generatedAlwaysAsIdentity({ startWith: 10_000 }),
    token: text('token').notNull(),
    commerceOrder: text('commerce_order').notNull(),
    subject: text('subject').notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    email: text('email').notNull(),
    urlConfirmation: text('url_confirmation').notNull(),
    urlReturn: text('url_return').notNull(),
    /** Flow's 1 pending, 2 paid, 3 rejected, 4 cancelled */
    status: integer('status').notNull().default(1),
    media: text('media'),
    /** when the buyer paid or refused, as Flow writes it: YYYY-MM-DD HH:mm:ss, Chile time */
    paidAt: text('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('flow_sandbox_payments_token_idx').on(t.token),
    uniqueIndex('flow_sandbox_payments_commerce_order_idx').on(t.commerceOrder),
  ],
);
