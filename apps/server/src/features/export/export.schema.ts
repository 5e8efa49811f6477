/** The exports of a customer's data (decision 037). */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../lib/db/columns.ts';
import { users } from '../accounts/accounts.schema.ts';

export const DATA_EXPORT_STATUSES = ['pending', 'running', 'ready', 'expired', 'failed'] as const;
export type DataExportStatusValue = (typeof DATA_EXPORT_STATUSES)[number];

/**
 * One export asked for: `pending` until a delivery of its event takes it (`running`), `ready` once its
 * ZIP is stored (until `expiresAt`), then `expired` when scheduled work removes the file; `failed`
 * after its tries.
 * The newest row of an account decides whether another may be asked for (one a day).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull(),
    /** when asked: the one-a-day rule counts from it */
    createdAt: createdAt(),
    /** when the delivery making it began: only that delivery may mark it ready (export.service.ts) */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** the ZIP in ctx.storage, while there is one */
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** when its link and file stop: readyAt + 24 h */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    index('data_exports_status_idx').on(t.status),
    // at most one export under way per account, even if two requests race past the one-a-day check
    uniqueIndex('data_exports_open_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'running')`),
  ],
);
