/**
 * Lost mode confirmed by the phone (decision 024): every accepted member of the owner's security
 * network gets an e-mail saying which phone of whom, with no location (the owner decides what to
 * share). network/mail-network.ts sends it when the phone confirms lost mode (the lostModeChanged
 * event), and tries again one that failed while the phone is still in lost mode (decision 024).
 */
import { and, eq } from 'drizzle-orm';
import { devices } from '../devices/devices.schema.ts';
import { users } from '../accounts/accounts.schema.ts';
import { escapeHtml, greeting, thirdPartyLabel, type MailThirdParty } from '../../lib/mail/html.ts';
import type { FindNetworkEmail } from '../network/mail-network.ts';

export const findLostPhoneEmail: FindNetworkEmail = async (ctx, deviceRowId) => {
  const [row] = await ctx.db
    .select({
      userId: users.id,
      ownerName: users.name,
      ownerEmail: users.email,
      ownerVerifiedAt: users.emailVerifiedAt,
      deviceName: devices.deviceName,
      deviceModel: devices.deviceModel,
    })
    .from(devices)
    .innerJoin(users, eq(users.id, devices.userId))
    .where(and(eq(devices.id, deviceRowId), eq(devices.lost, true)));
  if (!row) return null;
  return {
    ownerUserId: row.userId,
    contentFor: (member) =>
      lostPhoneEmail({
        member,
        owner: { name: row.ownerName, email: row.ownerEmail, isEmailVerified: row.ownerVerifiedAt !== null },
        deviceName: row.deviceName,
        deviceModel: row.deviceModel,
        brand: ctx.env.BRAND_NAME,
      }),
  };
};

/**
 * What a member reads: which phone of whom, never where (the owner decides that). Names only to a
 * member whose address is verified; to another, the owner is their verified address or "Una persona"
 * (decision 050).
 */
export function lostPhoneEmail(input: {
  member: { name: string; isEmailVerified: boolean };
  owner: MailThirdParty;
  deviceName: string;
  deviceModel: string;
  brand: string;
}) {
  const { member, owner, deviceName, deviceModel, brand } = input;
  const hello = greeting(member.isEmailVerified ? member.name : null);
  const ownerAs = (unnamed: string) => thirdPartyLabel(owner, member.isEmailVerified, unnamed);
  // the phone's name is typed too (often a person's: "iPhone de Ana"): only to a verified address
  const phone = member.isEmailVerified ? ` ${deviceName} (${deviceModel})` : '';
  const subject = `${ownerAs('Una persona que te tiene en su red de seguridad')} declaró su teléfono perdido`;
  const declared = `${ownerAs('Una persona')} declaró perdido su teléfono`;
  const help = `Si sabes algo del teléfono, o si ${ownerAs('esa persona')} necesita ayuda, comunícate con ${ownerAs('ella')}.`;
  const text = [
    hello.text,
    '',
    `${declared}${phone} en ${brand}. Tú eres parte de su red de seguridad.`,
    help,
    '',
    `El equipo de ${brand}`,
  ].join('\n');
  const html = `${hello.html}
<p>${escapeHtml(declared)}${phone ? ` <strong>${escapeHtml(phone.trim())}</strong>` : ''} en ${escapeHtml(brand)}. Tú eres parte de su red de seguridad.</p>
<p>${escapeHtml(help)}</p>
<p>El equipo de ${escapeHtml(brand)}</p>`;
  return { subject, text, html };
}
