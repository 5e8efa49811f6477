import { doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../lib/db/columns.ts';
import { devices } from '../devices/devices.schema.ts';

/** What a lost phone reported: where it was and the photo it took (stored through the file storage). */
export const lostReports = pgTable(
  'lost_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    imageKey: text('image_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lost_reports_device_idx').on(t.deviceId, t.createdAt)],
);
