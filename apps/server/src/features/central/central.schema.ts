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
    /**
     * what raised it, for a cause that may be delivered again after the event was closed (an owner's
     * lost-mode order: `lost-mode-order:<outbox event id>`): a second delivery raises nothing
     */
    causeKey: text('cause_key'),
    /** when every supervisor was e-mailed that it waited unclaimed (central.escalation.ts) */
    supervisorsToldAt: timestamp('supervisors_told_at', { withTimezone: true }),
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
    uniqueIndex('central_events_cause_idx').on(t.causeKey),
    uniqueIndex('central_events_open_per_phone_idx')
      .on(t.deviceId, t.kind)
      .where(sql`${t.status} <> 'closed' and ${t.kind} <> 'sos'`),
  ],
);

/** what a step of the central's record is */
export const centralLogActions = [
  'raised',
  'claimed',
  'released',
  'assigned',
  'viewed',
  'atencion',
  'note',
  'video',
  'closed',
  /** the server gave back an event its holder had left untouched (central.escalation.ts) */
  'returned',
] as const;
export type CentralLogAction = (typeof centralLogActions)[number];

/**
 * The central's record (decision 063): every step of every event, appended in one order across the
 * processes, each entry carrying the SHA-256 of the one before. `body` is the entry as hashed (its
 * time, event, operator, step and details, as canonical JSON); the columns beside it are for reading.
 * It names no person: ids of the event and the operator only, which stay meaningless once an
 * account is deleted, so that a deletion never breaks the chain. Nothing updates or deletes a row.
 */
export const centralLog = pgTable(
  'central_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    eventId: integer('event_id').notNull(),
    /** the operator; null for the server's own steps */
    actorId: integer('actor_id'),
    action: text('action', { enum: centralLogActions }).notNull(),
    body: text('body').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    /** a step recorded from an event delivered at least once (a note): its second delivery adds nothing */
    onceKey: text('once_key'),
  },
  (t) => [
    index('central_log_event_idx').on(t.eventId, t.id),
    uniqueIndex('central_log_once_idx').on(t.onceKey),
  ],
);
