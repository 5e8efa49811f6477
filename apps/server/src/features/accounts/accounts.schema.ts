/** The accounts (customers and operators) and each one's current plan. */
import { sql } from 'drizzle-orm';
import { USER_ROLES } from '@escudo/contract';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../lib/db/columns.ts';
import { comunas, cuadrantes, paises, regiones } from '../geography/geography.schema.ts';
import { planes } from '../plans/plans.schema.ts';
import { sponsors } from '../sponsors/sponsors.schema.ts';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /**
     * when the e-mail was shown to be the owner's (decision 034): its verification link opened, Google
     * vouched for it, or a reset link sent to it was used; null until then
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * when the owner of the mailbox proved it for the first time on an account made before (a
     * verification link, Google, a reset; decision 050): from then on the account is that mailbox's
     * alone, and what was made before this moment waits for the owner's review (account-review/)
     */
    reclaimedAt: timestamp('reclaimed_at', { withTimezone: true }),
    /** argon2id; null for an account made with Google that has not set a password (decision 014) */
    passwordHash: text('password_hash'),
    avatarKey: text('avatar_key'),
    direccion: text('direccion'),
    telefono: text('telefono'),
    rut: text('rut'),
    paisId: integer('pais_id').references(() => paises.id),
    regionId: integer('region_id').references(() => regiones.id),
    comunaId: integer('comuna_id').references(() => comunas.id),
    genero: integer('genero'),
    nacimiento: date('nacimiento', { mode: 'string' }),
    cuadranteId: integer('cuadrante_id').references(() => cuadrantes.id),
    codigoInvitacion: text('codigo_invitacion').notNull(),
    /** who referred this account: the owner of the share code it signed up with (decision 020) */
    referredByUserId: integer('referred_by_user_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /** the sponsor whose link this account signed up with, and got its plan from (decision 021) */
    sponsorId: integer('sponsor_id').references(() => sponsors.id),
    /** when the password was last re-entered and checked (wipe needs a recent one) */
    passwordConfirmedAt: timestamp('password_confirmed_at', { withTimezone: true }),
    /** customers use the panel; operators attend them (decision 018), made only by `npm run admin` */
    role: text('role', { enum: USER_ROLES }).notNull().default('customer'),
    /** an operator who may also give the central's events to others (`operator create --supervisor`) */
    isSupervisor: boolean('is_supervisor').notNull().default(false),
    /** a disabled account cannot sign in and its sessions are ended (`operator disable`) */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * the owner asked to close the account (deletion/, decision 038): when, and when it is deleted;
     * both null unless a deletion is scheduled. While set, sign-in is refused (auth/sessions.ts).
     */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    deletionScheduledAt: timestamp('deletion_scheduled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // e-mail is unique regardless of case
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_codigo_invitacion_idx').on(t.codigoInvitacion),
    // a referrer's list and monthly counts (sales)
    index('users_referred_by_idx').on(t.referredByUserId, t.createdAt),
    // the deletion sweep's look-up of accounts past their date (deletion/deletion.jobs.ts)
    index('users_deletion_scheduled_idx')
      .on(t.deletionScheduledAt)
      .where(sql`${t.deletionScheduledAt} is not null`),
    // nobody refers themselves (decision 020)
    check('users_not_self_referred_check', sql`${t.referredByUserId} <> ${t.id}`),
  ],
);

/** The account's current plan; payments extend `expiresAt`. */
export const userPlans = pgTable(
  'user_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => planes.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('user_plans_user_idx').on(t.userId)],
);

/**
 * What every table of a user's tokens holds: the token's SHA-256 only, and its expiry. Each table adds
 * what ends a token sooner: `revoked_at` (sessions) or `used_at` (password resets and Google sign-in's
 * social tokens, which work once; two-step sign-in's challenges). Tables of auth/ and two-factor/.
 */
export const userTokenColumns = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
