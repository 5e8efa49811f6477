/**
 * The account's security network (lib/personal-data.ts): the people it invited and the networks it
 * is in (never an invitation code), and the invitation limits counted on its e-mail and its id.
 */
import { asc, eq } from 'drizzle-orm';
import { definePersonalData, iso } from '../../lib/personal-data.ts';
import { users } from '../accounts/accounts.schema.ts';
import { networkLimits } from './network.limits.ts';
import { securityNetworkMembers } from './network.schema.ts';

export const networkData = definePersonalData({
  tables: [securityNetworkMembers],
  export: {
    readme: `red-de-seguridad.json
    Las personas que invitaste a tu red de seguridad (nombre, email, teléfono, estado) y las redes
    de otras personas de las que eres parte.`,
    async write(ctx, out) {
      const invited = await ctx.db
        .select()
        .from(securityNetworkMembers)
        .where(eq(securityNetworkMembers.ownerUserId, out.userId))
        .orderBy(asc(securityNetworkMembers.id));
      const memberships = await ctx.db
        .select({ member: securityNetworkMembers, owner: users.name })
        .from(securityNetworkMembers)
        .innerJoin(users, eq(users.id, securityNetworkMembers.ownerUserId))
        .where(eq(securityNetworkMembers.memberUserId, out.userId))
        .orderBy(asc(securityNetworkMembers.id));
      Object.assign(out.json('red-de-seguridad.json'), {
        personas_que_invitaste: invited.map((member) => ({
          nombre: member.name,
          email: member.email,
          telefono: member.phone,
          estado: member.status,
          invitada: iso(member.createdAt),
          aceptada: iso(member.acceptedAt),
        })),
        redes_de_las_que_eres_parte: memberships.map(({ member, owner }) => ({
          de: owner,
          estado: member.status,
          invitada: iso(member.createdAt),
          aceptada: iso(member.acceptedAt),
        })),
      });
    },
  },
  deletion: {
    async throttleSubjects(_tx, account) {
      return {
        exact: [
          { limit: networkLimits.invitationsEmail, subject: account.email.trim().toLowerCase() },
          { limit: networkLimits.invitationsAccount, subject: String(account.userId) },
        ],
        startingWith: [],
      };
    },
  },
});
