/**
 * The database, PostgreSQL dialect (PGlite embedded, or a real server). Column names follow the
 * spec's field names where the API exposes them. Migrations are generated from this file with
 * `npm run db:generate` and committed; `npm test` fails if they are out of date.
 */
import { sql } from 'drizzle-orm';
import {
  commandStates,
  commandTypes,
  deviceOperatingSystems,
  networkMemberStatuses,
  USER_ROLES,
} from '@escudo/contract';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  jsonb,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const paises = pgTable('paises', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
});

/** Regional zones; each serves its regions' realtime traffic (spec: user.info.cuadrante). */
export const cuadrantes = pgTable('cuadrantes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  /** null = this server's own realtime endpoint; set to point a zone at another cluster */
  primaryFdbUrl: text('primary_fdb_url'),
  trackingFdbUrl: text('tracking_fdb_url'),
});

/** Chile's regions: id is the official region code (1..16). */
export const regiones = pgTable('regiones', {
  id: integer('id').primaryKey(),
  paisId: integer('pais_id')
    .notNull()
    .references(() => paises.id),
  region: text('region').notNull(),
  ordinal: text('ordinal').notNull(),
  /** north-to-south order */
  position: integer('position').notNull(),
  cuadranteId: integer('cuadrante_id').references(() => cuadrantes.id),
});

/** Communes: id is the official CUT code. */
export const comunas = pgTable(
  'comunas',
  {
    id: integer('id').primaryKey(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regiones.id),
    comuna: text('comuna').notNull(),
  },
  (t) => [index('comunas_region_idx').on(t.regionId)],
);

export const planes = pgTable('planes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  image: text('image'),
  maxRed: integer('max_red').notNull(),
  maxDevices: integer('max_devices').notNull(),
  /** monthly price in CLP (whole pesos) */
  price: integer('price').notNull(),
  position: integer('position').notNull(),
});

export const planIncludes = pgTable('plan_includes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const planFeatures = pgTable(
  'plan_features',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => planes.id),
    includeId: integer('include_id')
      .notNull()
      .references(() => planIncludes.id),
  },
  (t) => [primaryKey({ columns: [t.planId, t.includeId] })],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** argon2id; null for an account made with Google that has not set a password (issue 14) */
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
    /** who referred this account: the owner of the share code it signed up with (issue 17) */
    referredByUserId: integer('referred_by_user_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /** the sponsor whose link this account signed up with, and got its plan from (issue 17) */
    sponsorId: integer('sponsor_id').references((): AnyPgColumn => sponsors.id),
    /** when the password was last re-entered and checked (wipe needs a recent one) */
    passwordConfirmedAt: timestamp('password_confirmed_at', { withTimezone: true }),
    /** customers use the panel; operators attend them (issue 16), made only by `npm run admin` */
    role: text('role', { enum: USER_ROLES }).notNull().default('customer'),
    /** a disabled account cannot sign in and its sessions are ended (`operator disable`) */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // e-mail is unique regardless of case
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_codigo_invitacion_idx').on(t.codigoInvitacion),
    // a referrer's list and monthly counts (sales)
    index('users_referred_by_idx').on(t.referredByUserId, t.createdAt),
    // nobody refers themselves (issue 17)
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

/** Bearer sessions: only the SHA-256 of the token is stored, so a database leak yields no session. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_resets_token_hash_idx').on(t.tokenHash)],
);

/**
 * Accounts of an OpenID provider linked to ours (issue 14): an account is found by the provider's
 * subject (`sub`), never by e-mail after the first link, because an e-mail can change hands.
 */
export const linkedIdentities = pgTable(
  'linked_identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'google' (the provider of GOOGLE_ISSUER_URL) */
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    /** the provider's verified e-mail when linked, for support */
    email: text('email'),
    /** the provider's picture URL as last given; never fetched by the server */
    pictureUrl: text('picture_url'),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('linked_identities_provider_subject_idx').on(t.provider, t.subject),
    index('linked_identities_user_idx').on(t.userId),
  ],
);

/**
 * Google sign-in's `social_access_token` (issue 14): only its SHA-256 is stored; it works once
 * (`used_at` is set by the claim that trades it for a session) and for SOCIAL_TOKEN_TTL_MS.
 */
export const socialSignInTokens = pgTable(
  'social_sign_in_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('social_sign_in_tokens_token_hash_idx').on(t.tokenHash)],
);

/**
 * Hits counted against a limit in a sliding window (lib/throttle): failed sign-ins per account and
 * address, sign-ups and reset requests per address, reset e-mails per e-mail. Shared by every server
 * process and kept across restarts, so that neither a restart nor a second process resets a limit.
 */
export const throttleHits = pgTable(
  'throttle_hits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** the limit's name and what it counts, e.g. `signin-pair:ana@example.cl|203.0.113.7` */
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('throttle_hits_key_idx').on(t.key, t.createdAt)],
);

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
     * Pace of lost-mode reports (issue 12 item 6): every report accepted books the next
     * LOST_REPORT_MIN_INTERVAL_MS from here (or from now, when in the past); a report is accepted while
     * at most LOST_REPORT_BURST - 1 intervals are booked ahead. One conditional UPDATE checks and books,
     * so the limit holds across processes, restarts and reports sent at once. Null: none yet.
     */
    lostReportsBookedUntil: timestamp('lost_reports_booked_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_device_id_idx').on(t.deviceId),
    index('devices_user_idx').on(t.userId),
    uniqueIndex('devices_token_hash_idx').on(t.tokenHash),
  ],
);

/**
 * Orders for a phone and where each one stands (issue 3; commands.ts in the contract). A command in
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('device_commands_device_idx').on(t.deviceId, t.id),
    index('device_commands_open_idx').on(t.state),
  ],
);

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

/**
 * Alerts (SOS) raised by a phone (issue 15 item 4); `endedAt` null while open. The open alert link's
 * token is an HMAC of `linkNonce` (so the owner's panel can show the link again) and is looked up by
 * its SHA-256 (`tokenHash`): neither a copy of the table nor the secret alone gives a working link.
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
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** when the newest position was taken: positions are paced from it (ALERT_POSITION_MIN_INTERVAL_MS) */
    lastPositionAt: timestamp('last_position_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alerts_token_hash_idx').on(t.tokenHash),
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

/** what a network e-mail that failed was about: an SOS (its alert) or a phone in lost mode (its device) */
export const NETWORK_EMAIL_KINDS = ['alert', 'lostPhone'] as const;
export type NetworkEmailKind = (typeof NETWORK_EMAIL_KINDS)[number];

/**
 * An e-mail to a member of a user's security network that could not be sent, tried again by the
 * server's sweep (network/mail-network.ts; decisions 023, 024). `subject_id` is the alert's id or
 * the device's, by `kind`: no foreign key, so the sweep drops a row whose subject is gone or no
 * longer means anything (the alert ended, the phone left lost mode), as it does when the member has
 * left the network or the tries run out; the row also goes once the e-mail is sent.
 */
export const networkEmailRetries = pgTable(
  'network_email_retries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: NETWORK_EMAIL_KINDS }).notNull(),
    subjectId: integer('subject_id').notNull(),
    memberUserId: integer('member_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** tries made so far, the first included */
    attempts: integer('attempts').notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('network_email_retries_member_idx').on(t.kind, t.subjectId, t.memberUserId),
    index('network_email_retries_due_idx').on(t.nextAttemptAt),
    check(
      'network_email_retries_kind_check',
      sql.raw(`kind in (${NETWORK_EMAIL_KINDS.map((kind) => `'${kind}'`).join(', ')})`),
    ),
  ],
);

/**
 * Plan payments through Flow (issue 5; decision 008): one row per attempt. `appliedAt` is set in the
 * same conditional UPDATE that marks it paid, so a payment changes the account's plan at most once
 * however many times Flow confirms it.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => planes.id),
    monthsPaid: integer('months_paid').notNull(),
    /** CLP, as quoted when the order was made; Flow must report exactly this */
    amount: integer('amount').notNull(),
    /** our order number as sent to Flow (unique per merchant at Flow, so random rather than the id) */
    commerceOrder: text('commerce_order').notNull(),
    /**
     * created: not at Flow yet; failed: Flow refused it; pending, paid, rejected, cancelled: Flow's 1..4;
     * refused: Flow says paid but not what was ordered (amount or order number), left for a person
     */
    status: text('status', {
      enum: ['created', 'failed', 'pending', 'paid', 'rejected', 'cancelled', 'refused'],
    })
      .notNull()
      .default('created'),
    flowToken: text('flow_token'),
    flowOrder: bigint('flow_order', { mode: 'number' }),
    /** the last status Flow reported (1..4) */
    flowStatus: integer('flow_status'),
    paymentMedia: text('payment_media'),
    /** as Flow gives it: YYYY-MM-DD HH:mm:ss, Chile time */
    paymentDate: text('payment_date'),
    failureReason: text('failure_reason'),
    /** when the payment changed the account's plan; null until then (and forever unless paid) */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /** the plan's expiry right after this payment was applied */
    planExpiresAt: timestamp('plan_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_commerce_order_idx').on(t.commerceOrder),
    uniqueIndex('payments_flow_token_idx').on(t.flowToken),
    index('payments_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * The built-in Flow sandbox's own payments (used only when no Flow keys are set, outside production).
 * Kept in the database rather than in memory so that several server processes and restarts share them.
 */
export const flowSandboxPayments = pgTable(
  'flow_sandbox_payments',
  {
    flowOrder: integer('flow_order').primaryKey().generatedAlwaysAsIdentity({ startWith: 10_000 }),
    token: text('token').notNull(),
    commerceOrder: text('commerce_order').notNull(),
    subject: text('subject').notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    email: text('email').notNull(),
    urlConfirmation: text('url_confirmation').notNull(),
    urlReturn: text('url_return').notNull(),
    /** Flow's 1 pending, 2 paid, 3 rejected, 4 cancelled */
    status: integer('status').notNull().default(1),
    media: text('media'),
    /** when the buyer paid or refused, as Flow writes it: YYYY-MM-DD HH:mm:ss, Chile time */
    paidAt: text('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('flow_sandbox_payments_token_idx').on(t.token),
    uniqueIndex('flow_sandbox_payments_commerce_order_idx').on(t.commerceOrder),
  ],
);

/**
 * The security network (issue 15): the people an account (the owner, the network's "anfitrión")
 * invites to look after it. A row is an invitation until someone accepts it through its link; then
 * `memberUserId` is the account that joined. The invitation's `security_code` is stored only as its
 * SHA-256 (like every token): it works once and until `codeExpiresAt`.
 */
export const securityNetworkMembers = pgTable(
  'security_network_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the account that accepted; null while the invitation is pending */
    memberUserId: integer('member_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** as the owner typed them when inviting */
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    status: text('status', { enum: networkMemberStatuses }).notNull(),
    codeHash: text('code_hash').notNull().unique(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    index('security_network_members_owner_idx').on(t.ownerUserId),
    index('security_network_members_member_idx').on(t.memberUserId),
    // one invitation per e-mail in a network, regardless of case
    uniqueIndex('security_network_members_owner_email_idx').on(t.ownerUserId, sql`lower(${t.email})`),
    check(
      'security_network_members_status_check',
      sql.raw(`status in (${networkMemberStatuses.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

/**
 * The referral sales programme (issue 17; decision 020): one row per account that activated its sales
 * profile (none: never activated), with the bank account its commissions are paid to.
 */
export const salesProfiles = pgTable(
  'sales_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 active, 2 suspended (docs/api.md) */
    status: integer('status').notNull(),
    suspendReason: text('suspend_reason'),
    bank: text('bank'),
    accountType: text('account_type'),
    accountNumber: text('account_number'),
    holder: text('holder'),
    /** clean: digits and check digit */
    holderRut: text('holder_rut'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sales_profiles_status_check', sql`${t.status} in (1, 2)`)],
);

/**
 * Sponsors (issue 17; decision 021): an organisation that gives its people a plan for some months at
 * no cost, through the link `/register?sponsor_code=UNIQUE_ID`. `uniqueId` is random and unguessable
 * (the link is the only key); an operator creates and disables them with the admin command.
 */
export const sponsors = pgTable(
  'sponsors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    uniqueId: text('unique_id').notNull(),
    name: text('name').notNull(),
    planId: integer('plan_id')
      .notNull()
      .references(() => planes.id),
    months: integer('months').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sponsors_unique_id_idx').on(t.uniqueId),
    check('sponsors_months_check', sql`${t.months} between 1 and 120`),
  ],
);

/**
 * Atenciones (issue 16): an operator attends a customer. Every action records who and when: the
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
 * Links to an atención's notes and videos that work without sign-in (issue 16 item 7). The token is
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
