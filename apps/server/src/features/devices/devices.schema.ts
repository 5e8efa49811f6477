/** The phones registered to accounts, each with its own bearer token and lost mode. */
import { deviceNetworks, deviceOperatingSystems } from '@escudo/contract';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from '../../lib/db/columns.ts';
import { users } from '../accounts/accounts.schema.ts';

export const devices = pgTable(
  'devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    deviceBrand: text('device_brand').notNull(),
    deviceName: text('device_name').notNull(),
    deviceModel: text('device_model').notNull(),
    deviceSo: text('device_so', { enum: deviceOperatingSystems }).notNull(),
    deviceSoversion: doublePrecision('device_soversion').notNull(),
    /** SHA-256 of the phone's bearer token; rotated each time the app registers the phone again */
    tokenHash: text('token_hash'),
    /** lost mode as the owner last set it (spec 4: changeStatus) */
    lost: boolean('lost').notNull().default(false),
    /**
     * Pace of lost-mode reports (decision 011): every report accepted books the next
     * LOST_REPORT_MIN_INTERVAL_MS from here (or from now, when in the past); a report is accepted while
     * at most LOST_REPORT_BURST - 1 intervals are booked ahead. One conditional UPDATE checks and books,
     * so the limit holds across processes, restarts and reports sent at once. Null: none yet.
     */
    lostReportsBookedUntil: timestamp('lost_reports_booked_until', { withTimezone: true }),
    /**
     * The phone's last connection or disconnection (decision 042): written at both,
     * never while connected. Whether it is connected now is the realtime hub's to say, across processes.
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** the last `status` the phone sent (null: not reported) and when it was stored */
    battery: integer('battery'),
    charging: boolean('charging'),
    network: text('network', { enum: deviceNetworks }),
    statusAt: timestamp('status_at', { withTimezone: true }),
    /**
     * Set when the owner removed the phone but kept its reports and routes (decision 044): the row
     * stays for them, without a token, and no longer counts towards the plan nor shows in the panel.
     * A phone removed with its data is deleted instead.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** the owner renamed it in the panel: the app registering again keeps that name (decision 044) */
    isNamedByOwner: boolean('is_named_by_owner').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one phone is on one account at a time; a removed one's row may stay beside its new registration
    uniqueIndex('devices_device_id_idx')
      .on(t.deviceId)
      .where(sql`${t.removedAt} is null`),
    index('devices_user_idx').on(t.userId),
    uniqueIndex('devices_token_hash_idx').on(t.tokenHash),
  ],
);
