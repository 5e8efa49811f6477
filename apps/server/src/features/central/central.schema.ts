/** The central's events (decision 062). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { centralEventKinds, centralEventStatuses, centralOutcomes } from '@escudo/contract';
import { createdAt } from '../../lib/db/columns.ts';
import { users } from '../accounts/accounts.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { alerts } from '../alerts/alerts.schema.ts';
import { atenciones } from '../atenciones/atenciones.schema.ts';

/**
 * What the central must attend: an SOS, a phone put in lost mode (and, to come, a tampered phone or
 * one gone silent). Raised once per cause, whatever the repeats of its event's delivery: an SOS once
 * per alert, a phone's other kinds once while one is not closed. `claimedBy` is the operator who
 * took it.
 */
export const centralEvents = pgTable(
  'central_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: centralEventKinds }).notNull(),
    priority: integer('priority').notNull(),
    /** the customer */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the phone it is about; null once the phone was removed with its data */
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    /** the SOS it is for */
    alertId: integer('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    status: text('status', { enum: centralEventStatuses }).notNull().default('open'),
    createdAt: createdAt(),
    claimedBy: integer('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    /** what it turned out to be, and its AVS-01 level, as the closing operator chose */
    outcome: text('outcome', { enum: centralOutcomes }),
    level: integer('level'),
    closeNote: text('close_note'),
    /** the atención opened to handle it (central/atencion) */
    atencionId: integer('atencion_id').references(() => atenciones.id, { onDelete: 'set null' }),
  },
  (t) => [
    // the queue: what is not closed, read whole by every operator's screen
    index('central_events_queue_idx')
      .on(t.status)
      .where(sql`${t.status} <> 'closed'`),
    index('central_events_user_idx').on(t.userId),
    // the history: closed ones, newest closed first
    index('central_events_closed_idx')
      .on(t.closedAt)
      .where(sql`${t.status} = 'closed'`),
    uniqueIndex('central_events_alert_idx').on(t.alertId),
    uniqueIndex('central_events_open_per_phone_idx')
      .on(t.deviceId, t.kind)
      .where(sql`${t.status} <> 'closed' and ${t.kind} <> 'sos'`),
  ],
);
