/** The security network: its members and invitations, and the e-mails to them that are tried again. */
import { sql } from 'drizzle-orm';
import { networkMemberStatuses } from '@escudo/contract';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../lib/db/columns.ts';
import { users } from '../accounts/accounts.schema.ts';

/**
 * The security network (decision 015): the people an account (the owner, the network's "anfitrión")
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
    // one person is in one network once: two invitations of one owner accepted at
    // the same moment by one account cannot both join it (the second acceptance is refused)
    uniqueIndex('security_network_members_owner_member_idx')
      .on(t.ownerUserId, t.memberUserId)
      .where(sql`${t.memberUserId} is not null`),
    check(
      'security_network_members_status_check',
      sql.raw(`status in (${networkMemberStatuses.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

/** what a network e-mail that failed was about: an SOS (its alert) or a phone in lost mode (its device) */
export const NETWORK_EMAIL_KINDS = ['alert', 'lostPhone'] as const;
export type NetworkEmailKind = (typeof NETWORK_EMAIL_KINDS)[number];

/**
 * An e-mail to a member of a user's security network that could not be sent, tried again by the
 * retry job (network/mail-network.ts, network.jobs.ts; decisions 023, 024). `subject_id` is the
 * alert's id or the device's, by `kind`: no foreign key, so the retry job drops a row whose subject
 * is gone or no longer means anything (the alert ended, the phone left lost mode), as it does when
 * the member has left the network or the tries run out; the row also goes once the e-mail is sent.
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
