/** Live tracking's routes and their points. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../lib/db/columns.ts';
import { devices } from '../devices/devices.schema.ts';

/** A route recorded while live tracking was on (spec 3: Tracking); `endedAt` null while it is on. */
export const trackings = pgTable(
  'trackings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('trackings_device_idx').on(t.deviceId, t.createdAt),
    // at most one active route per phone
    uniqueIndex('trackings_active_idx')
      .on(t.deviceId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/** The points of a route, in the order they arrived. */
export const trackingPoints = pgTable(
  'tracking_points',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    trackingId: integer('tracking_id')
      .notNull()
      .references(() => trackings.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('tracking_points_tracking_idx').on(t.trackingId, t.id)],
);
