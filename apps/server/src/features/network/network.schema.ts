/** The security network: its members and invitations. */
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
