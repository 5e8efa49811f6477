/**
 * Lost mode confirmed by the phone (issue 15 item 5): every accepted member of the owner's security
 * network gets an e-mail saying which phone of whom, with no location (the owner decides what to
 * share). network/mail-network.ts sends it when the phone confirms lost mode (the lostModeChanged
 * event), and tries again one that failed while the phone is still in lost mode (decision 024).
 */
import { and, eq } from 'drizzle-orm';
import { devices } from '../devices/devices.schema.ts';
import { users } from '../accounts/accounts.schema.ts';
import { escapeHtml } from '../lib/mail/html.ts';
import type { FindNetworkEmail } from '../network/mail-network.ts';

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

/** What a member reads: which phone of whom, never where (the owner decides that). */
export function lostPhoneEmail(input: {
  memberName: string;
  ownerName: string;
  deviceName: string;
  deviceModel: string;
  brand: string;
}) {
  const { memberName, ownerName, deviceName, deviceModel, brand } = input;
  const phone = `${deviceName} (${deviceModel})`;
  const subject = `${ownerName} declaró su teléfono perdido`;
  const text = [
    `Hola ${memberName}:`,
    '',
    `${ownerName} declaró perdido su teléfono ${phone} en ${brand}. Tú eres parte de su red de seguridad.`,
    `Si sabes algo del teléfono, o si ${ownerName} necesita ayuda, comunícate con ${ownerName}.`,
    '',
    `El equipo de ${brand}`,
  ].join('\n');
  const html = `<p>Hola ${escapeHtml(memberName)}:</p>
<p>${escapeHtml(ownerName)} declaró perdido su teléfono <strong>${escapeHtml(phone)}</strong> en ${escapeHtml(brand)}. Tú eres parte de su red de seguridad.</p>
<p>Si sabes algo del teléfono, o si ${escapeHtml(ownerName)} necesita ayuda, comunícate con ${escapeHtml(ownerName)}.</p>
<p>El equipo de ${escapeHtml(brand)}</p>`;
  return { subject, text, html };
}
