/** Atenciones: an operator's notes and videos on a customer, and the links that share them. */
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';

/**
 * Atenciones (decision 018): an operator attends a customer. Every action records who and when: the
 * operator who opened it and when (`operatorId`, `startedAt`), who closed it and when.
 */
export const atenciones = pgTable(
  'atenciones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** the customer attended */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the operator who opened it (spec: Operador Panel) */
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id),
  },
  (t) => [
    index('atenciones_user_idx').on(t.userId, t.startedAt),
    index('atenciones_started_idx').on(t.startedAt),
  ],
);

/** An operator's note on an atención (spec 3: title, description). */
export const atencionNotes = pgTable(
  'atencion_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    atencionId: integer('atencion_id')
      .notNull()
      .references(() => atenciones.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('atencion_notes_atencion_idx').on(t.atencionId, t.id)],
);

/**
 * A video attached to an atención: stored through lib/storage under `storageKey`, with the SHA-256
 * and size of the bytes as received, so that a receiver of the shared page can check the file.
 */
export const atencionEvidence = pgTable(
  'atencion_evidence',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    atencionId: integer('atencion_id')
      .notNull()
      .references(() => atenciones.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('atencion_evidence_atencion_idx').on(t.atencionId, t.id)],
);

/**
 * Links to an atención's notes and videos that work without sign-in (decision 019). The token is
 * random and stored only as its SHA-256; a link works until `expiresAt`, or until revoked.
 */
export const atencionShareLinks = pgTable(
  'atencion_share_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    atencionId: integer('atencion_id')
      .notNull()
      .references(() => atenciones.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('atencion_share_links_atencion_idx').on(t.atencionId)],
);
