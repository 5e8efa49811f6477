/**
 * The SOS e-mail to the network: what a member reads, and whether it still means anything (only
 * while the alert is open). network/mail-network.ts sends it, and tries again one that failed.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { alerts, users } from '../lib/db/schema.ts';
import type { FindNetworkEmail, NetworkEmail } from '../network/mail-network.ts';
import { alertUrl } from './alert-link.ts';
import { alertEmail } from './alerts.emails.ts';

export function alertNetworkEmail(
  ctx: AppContext,
  alert: { userId: number; linkNonce: string },
  owner: { name: string; telefono: string | null },
): NetworkEmail {
  return {
    ownerUserId: alert.userId,
    contentFor: (member) =>
      alertEmail({
        memberName: member.name,
        ownerName: owner.name,
        telefono: owner.telefono,
        link: alertUrl(ctx, alert.linkNonce),
        brand: ctx.env.BRAND_NAME,
      }),
  };
}

export const findAlertEmail: FindNetworkEmail = async (ctx, alertId) => {
  const [row] = await ctx.db
    .select({
      userId: alerts.userId,
      linkNonce: alerts.linkNonce,
      name: users.name,
      telefono: users.telefono,
    })
    .from(alerts)
    .innerJoin(users, eq(users.id, alerts.userId))
    .where(and(eq(alerts.id, alertId), isNull(alerts.endedAt)));
  return row ? alertNetworkEmail(ctx, row, row) : null;
};
