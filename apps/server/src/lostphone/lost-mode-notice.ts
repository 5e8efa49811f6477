/**
 * Lost mode confirmed by the phone (issue 15 item 5): every accepted member of the owner's security
 * network gets an e-mail saying which phone of whom, with no location (the owner decides what to
 * share). Sent once per lostOn order, when it becomes done; one that fails is tried again while the
 * phone is still in lost mode (network/mail-network.ts, decision 024).
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { devices, users } from '../lib/db/schema.ts';
import { mailNetwork, type FindNetworkEmail } from '../network/mail-network.ts';
import { lostPhoneEmail } from '../alerts/alerts.emails.ts';

export const findLostPhoneEmail: FindNetworkEmail = async (ctx, deviceRowId) => {
  const [row] = await ctx.db
    .select({
      userId: users.id,
      ownerName: users.name,
      deviceName: devices.deviceName,
      deviceModel: devices.deviceModel,
    })
    .from(devices)
    .innerJoin(users, eq(users.id, devices.userId))
    .where(and(eq(devices.id, deviceRowId), eq(devices.lost, true)));
  if (!row) return null;
  return {
    ownerUserId: row.userId,
    contentFor: (member) => lostPhoneEmail({ memberName: member.name, brand: ctx.env.BRAND_NAME, ...row }),
  };
};

export async function tellNetworkPhoneIsLost(ctx: AppContext, deviceRowId: number): Promise<void> {
  const email = await findLostPhoneEmail(ctx, deviceRowId);
  if (email) mailNetwork(ctx, { kind: 'lostPhone', subjectId: deviceRowId }, email);
}
