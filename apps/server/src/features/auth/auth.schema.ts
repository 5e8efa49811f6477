/**
 * How an account signs in: sessions, password resets, e-mail verification links, linked Google
 * accounts and their one-time tokens.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../lib/db/columns.ts';
import { userTokenColumns, users } from '../accounts/accounts.schema.ts';

/**
 * how an e-mail change ended: applied; cancelled (by the current address, or from the profile); replaced
 * by a newer request; spent by a recovery (a reset, a new password, the other sessions closed); expired
 * (its new address's link was not opened in time); taken (the new address got an account meanwhile)
 */
export const EMAIL_CHANGE_OUTCOMES = [
  'applied',
  'cancelled',
  'replaced',
  'spent',
  'expired',
  'taken',
] as const;

/**
 * Bearer sessions: only the SHA-256 of the token is stored, so a database leak yields no session.
 * Where it signed in from and when it was last used are for the owner's session list (decision 036).
 */
export const sessions = pgTable(
  'sessions',
  {
    ...userTokenColumns(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** the sign-in's address and readable browser (lib/http/client-origin.ts) */
    address: text('address'),
    browser: text('browser'),
    /** set at sign-in, then moved by the authenticator at most every SESSION_LAST_USED_STEP_MS */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * "¿Olvidaste tu contraseña?" links. A link works once, for RESET_TOKEN_TTL_MS, and only while the
 * account's address is still `email`, the one it was sent to (decision 050): after an e-mail change
 * the old mailbox holds nothing that opens the account.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    ...userTokenColumns(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** the address the link went to; null only for links made before addresses were kept (never valid) */
    email: text('email'),
  },
  (t) => [uniqueIndex('password_resets_token_hash_idx').on(t.tokenHash)],
);

/**
 * Accounts of an OpenID provider linked to ours (decision 014): an account is found by the provider's
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
 * Google sign-in's `social_access_token` (decision 014): only its SHA-256 is stored; it works once
 * (`used_at` is set by the claim that trades it for a session) and for SOCIAL_TOKEN_TTL_MS.
 */
export const socialSignInTokens = pgTable(
  'social_sign_in_tokens',
  {
    ...userTokenColumns(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * SHA-256 of the random value of the hand-off cookie the callback gave the browser (decision 034):
     * the token is traded only with it, so a token URL sent to someone else signs nobody in
     */
    browserHash: text('browser_hash'),
  },
  (t) => [uniqueIndex('social_sign_in_tokens_token_hash_idx').on(t.tokenHash)],
);

/**
 * The browsers each account has signed in from (decision 036), by the SHA-256 of the random id in
 * their `escudo_browser` cookie (browser-cookie.ts): a sign-in from one not listed here is announced
 * to the owner by e-mail. Only the hash is kept, like every token of ours.
 */
export const knownBrowsers = pgTable(
  'known_browsers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    browserHash: text('browser_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('known_browsers_user_browser_idx').on(t.userId, t.browserHash)],
);

/**
 * E-mail links (decision 034): `verify` proves the account's e-mail (sent at sign-up, or asked for
 * again). Only the token's SHA-256 is stored; a link works once and for EMAIL_VERIFICATION_TTL_MS, and
 * a new one ends the older ones (`used_at` set). `change` rows are the e-mail changes of before
 * `email_changes` (decision 050): none is made any more, and the migration ended those left unused.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    ...userTokenColumns(),
    kind: text('kind', { enum: ['verify', 'change'] }).notNull(),
    /** the address the link was sent to, and the one it proves */
    email: text('email').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_verifications_token_hash_idx').on(t.tokenHash),
    index('email_verifications_user_idx').on(t.userId),
  ],
);

/**
 * A change of the account's e-mail under way or ended (decision 050). Two links, both stored as their
 * SHA-256: one to the new address (`new_token_hash`, opened in a session of the account within
 * EMAIL_VERIFICATION_TTL_MS), one to the current address (`old_token_hash`, which confirms or cancels
 * it while it is under way). It applies once the new address is proven and, when the current address
 * was verified, that address confirmed it or `applies_after` has passed. At most one is under way per
 * account: a new request, a recovery (auth/account-links.ts) or its own end sets `ended_at`.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the account's address when it was asked for, told at once; and the one asked for */
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    createdAt: createdAt(),
    /** where it was asked from, for the current address's e-mail and page */
    address: text('address'),
    browser: text('browser'),
    newTokenHash: text('new_token_hash').notNull(),
    newTokenExpiresAt: timestamp('new_token_expires_at', { withTimezone: true }).notNull(),
    oldTokenHash: text('old_token_hash').notNull(),
    /**
     * when silence of the current address is enough (request + EMAIL_CHANGE_WAIT_MS); null when that
     * address was never verified, and so has no say
     */
    appliesAfter: timestamp('applies_after', { withTimezone: true }),
    /** the new address's link opened, in a session of the account */
    newProvenAt: timestamp('new_proven_at', { withTimezone: true }),
    /** the current address said yes */
    oldConfirmedAt: timestamp('old_confirmed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    outcome: text('outcome', { enum: EMAIL_CHANGE_OUTCOMES }),
  },
  (t) => [
    uniqueIndex('email_changes_new_token_idx').on(t.newTokenHash),
    uniqueIndex('email_changes_old_token_idx').on(t.oldTokenHash),
    // at most one under way per account, whatever arrives at once
    uniqueIndex('email_changes_open_user_idx')
      .on(t.userId)
      .where(sql`${t.endedAt} is null`),
    // the job's look-up of changes whose wait is over
    index('email_changes_due_idx')
      .on(t.appliesAfter)
      .where(sql`${t.endedAt} is null and ${t.newProvenAt} is not null`),
  ],
);
