import { sql } from 'drizzle-orm';
import { commandStates, commandTypes } from '@escudo/contract';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../lib/db/columns.ts';
import { devices } from '../devices/devices.schema.ts';

/**
 * Orders for a phone and where each one stands (decision 007; commands.ts in the contract). A command in
 * state sent or delivered is sent again each time its phone connects, until it reaches a final state.
 */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: commandTypes,
    }).notNull(),
    state: text('state', { enum: commandStates }).notNull(),
    /** what the phone needs beyond the type (lock PIN, tracking id); the PIN is emptied once final */
    payload: jsonb('payload').$type<{ pin?: string; tracking_id?: number }>().notNull().default({}),
    reason: text('reason'),
    /** when its owner was e-mailed about it; null: no notice (one of its kind had one a moment before) */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('device_commands_device_idx').on(t.deviceId, t.id),
    // the orders waiting for their phone, by phone: an order replaces its phone's waiting one of its
    // kind (give-order.ts) and the expiry job reads them all; with an index on the state alone the
    // planner, its statistics a little behind a burst of orders, scanned every waiting order of every
    // phone to replace one (bench/RESULTS.md, decision 061)
    index('device_commands_waiting_idx')
      .on(t.deviceId)
      .where(sql`${t.state} = 'sent'`),
  ],
);
