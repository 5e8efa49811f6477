/**
 * Who looks after an account: the accepted members of its security network, with their account's
 * current name and e-mail (not what the owner typed when inviting), and whether that e-mail is verified
 * (an e-mail to an unverified one prints no name: decision 050). Used by whatever must reach the
 * network (alerts, lost-phone notices: mail-network.ts).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { securityNetworkMembers } from './network.schema.ts';
import { users } from '../accounts/accounts.schema.ts';

export interface NetworkMember {
  userId: number;
  name: string;
  email: string;
  /** the account's address is verified (`users.email_verified_at` set) */
  isEmailVerified: boolean;
  /** the account's phone number, to call them (the central), when set */
  telefono: string | null;
}

export async function listAcceptedMembers(ctx: AppContext, ownerUserId: number): Promise<NetworkMember[]> {
  const rows = await ctx.db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      telefono: users.telefono,
      verifiedAt: users.emailVerifiedAt,
    })
    .from(securityNetworkMembers)
    .innerJoin(users, eq(users.id, securityNetworkMembers.memberUserId))
    .where(
      and(eq(securityNetworkMembers.ownerUserId, ownerUserId), eq(securityNetworkMembers.status, 'aceptada')),
    )
    .orderBy(asc(securityNetworkMembers.id));
  return rows.map(({ verifiedAt, ...member }) => ({ ...member, isEmailVerified: verifiedAt !== null }));
}
