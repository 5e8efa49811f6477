/** SOS alerts and their positions. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../lib/db/columns.ts';
import { users } from '../accounts/accounts.schema.ts';
import { devices } from '../devices/devices.schema.ts';

/**
 * Alerts (SOS) raised by a phone (docs/device-protocol.md section 9); `endedAt` null while open. Each
 * person's open alert link carries an HMAC of `linkNonce` and their user id (alert-link.ts, decision 039): it
 * is derived again to be shown, and checked against the current network when the page is read.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    linkNonce: text('link_nonce').notNull(),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** when the newest position was taken: positions are paced from it (ALERT_POSITION_MIN_INTERVAL_MS) */
    lastPositionAt: timestamp('last_position_at', { withTimezone: true }),
    /**
     * how the central attends it (decision 062), written by central/ through setAlertCentralState:
     * what the owner and the network read beside the alert, with the attending operator's first name
     */
    centralStatus: text('central_status', { enum: ['waiting', 'attending', 'closed'] })
      .notNull()
      .default('waiting'),
    centralOperatorName: text('central_operator_name'),
    /** an atención of the central keeps its positions: the retention job leaves them (docs/privacy.md) */
    positionsKept: boolean('positions_kept').notNull().default(false),
  },
  (t) => [
    index('alerts_user_idx').on(t.userId, t.createdAt),
    // at most one open alert per phone: raising an SOS again gives back the open one
    uniqueIndex('alerts_open_idx')
      .on(t.deviceId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/** The positions of an alert, in the order they arrived. */
export const alertPositions = pgTable(
  'alert_positions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('alert_positions_alert_idx').on(t.alertId, t.id)],
);
