/**
 * Lost mode confirmed by the phone (issue 15 item 5): every accepted member of the owner's security
 * network gets an e-mail saying which phone of whom, with no location (the owner decides what to
 * share). Called once per lostOn order, when it becomes done.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { devices, users } from '../lib/db/schema.ts';
import { listAcceptedMembers } from '../network/network.members.ts';
import { lostPhoneEmail } from '../alerts/alerts.emails.ts';

export async function tellNetworkPhoneIsLost(ctx: AppContext, deviceRowId: number): Promise<void> {
  const [row] = await ctx.db
    .select({
      userId: users.id,
      ownerName: users.name,
      deviceName: devices.deviceName,
      deviceModel: devices.deviceModel,
    })
    .from(devices)
    .innerJoin(users, eq(users.id, devices.userId))
    .where(eq(devices.id, deviceRowId));
  if (!row) return;
  const members = await listAcceptedMembers(ctx, row.userId);
  const results = await Promise.allSettled(
    members.map((member) =>
      ctx.mailer.send({
        to: member.email,
        ...lostPhoneEmail({ memberName: member.name, brand: ctx.env.BRAND_NAME, ...row }),
      }),
    ),
  );
  for (const result of results) {
    if (result.status === 'rejected') {
      ctx.log.error({ err: result.reason, deviceRowId }, 'could not e-mail a member about a lost phone');
    }
  }
}
