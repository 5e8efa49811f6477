/** Two-step sign-in's tables (decision 035). */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../lib/db/columns.ts';
import { userTokenColumns, users } from '../accounts/accounts.schema.ts';

/**
 * One row per account that has started or turned on two-step sign-in. Secrets are sealed with
 * ctx.twoFactorSecrets (AES-256-GCM, lib/crypto/secret-box.ts), bound to the account's id.
 */
export const twoFactor = pgTable('two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** the secret in use; null until a code of the pending one confirms it */
  secret: text('secret'),
  /** when it was turned on; null while only pending */
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** a started, unconfirmed secret: turns nothing on; a new start replaces it */
  pendingSecret: text('pending_secret'),
  pendingAt: timestamp('pending_at', { withTimezone: true }),
  /** the last time step whose code was accepted: a code of it or an earlier step is refused (replay) */
  lastStep: integer('last_step'),
});

/** The recovery codes: only their HMAC (ctx.recoveryCodeSigner) is stored; each works once. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

/**
 * Sign-in's pending second step: a random token's SHA-256, bound to the account, valid
 * TWO_FACTOR_CHALLENGE_TTL_MS, used once; `codes_tried` counts every code sent with it, and at
 * TWO_FACTOR_CHALLENGE_MAX_CODES it takes no more.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    ...userTokenColumns(),
    codesTried: integer('codes_tried').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_token_hash_idx').on(t.tokenHash),
    index('two_factor_challenges_user_idx').on(t.userId),
  ],
);
