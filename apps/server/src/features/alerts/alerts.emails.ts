/**
 * The SOS e-mail to the network: what a member reads (Spanish: people read it), and whether it still
 * means anything (only while the alert is open). network/mail-network.ts sends it when an alert is
 * raised, and tries again one that failed.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { alerts } from './alerts.schema.ts';
import { users } from '../accounts/accounts.schema.ts';
import { escapeHtml, greeting, thirdPartyLabel, type MailThirdParty } from '../../lib/mail/html.ts';
import type { FindNetworkEmail } from '../network/mail-network.ts';
import { alertUrl } from './alert-link.ts';

/**
 * An SOS: the member opens the link to see where the person is, live, and call them. Names only to a
 * member whose address is verified; to another, the owner is their verified address or "Una persona"
 * (decision 050), and the link's page says who.
 */
export function alertEmail(input: {
  member: { name: string; isEmailVerified: boolean };
  owner: MailThirdParty;
  telefono: string | null;
  link: string;
  brand: string;
}) {
  const { member, owner, telefono, link, brand } = input;
  const hello = greeting(member.isEmailVerified ? member.name : null);
  const ownerAs = (unnamed: string) => thirdPartyLabel(owner, member.isEmailVerified, unnamed);
  const who = ownerAs('Una persona');
  const subject = `Alerta de ${ownerAs('una persona que te tiene en su red de seguridad')}: necesita ayuda`;
  // a number typed by the account, as a name is: not to an address whose owner never proved it (its
  // page shows it, one tap away)
  const call = telefono && member.isEmailVerified ? `Llámale al +${telefono}.` : null;
  const text = [
    hello.text,
    '',
    `${who} activó una alerta de emergencia desde su teléfono. Tú eres parte de su red de seguridad en ${brand}.`,
    'Abre este enlace para ver su ubicación en tiempo real mientras la alerta esté activa (no necesitas iniciar sesión):',
    '',
    link,
    '',
    ...(call ? [call, ''] : []),
    'Si crees que está en peligro, llama al 133 (Carabineros).',
    '',
    `El equipo de ${brand}`,
  ].join('\n');
  const html = `${hello.html}
<p><strong>${escapeHtml(who)} activó una alerta de emergencia</strong> desde su teléfono. Tú eres parte de su red de seguridad en ${escapeHtml(brand)}.</p>
<p><a href="${escapeHtml(link)}">Ver su ubicación en tiempo real</a> (no necesitas iniciar sesión).</p>
${call ? `<p>${escapeHtml(call)}</p>\n` : ''}<p>Si crees que está en peligro, llama al 133 (Carabineros).</p>
<p>El equipo de ${escapeHtml(brand)}</p>`;
  return { subject, text, html };
}

export const findAlertEmail: FindNetworkEmail = async (ctx: AppContext, alertId) => {
  const [row] = await ctx.db
    .select({
      id: alerts.id,
      userId: alerts.userId,
      linkNonce: alerts.linkNonce,
      name: users.name,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      telefono: users.telefono,
    })
    .from(alerts)
    .innerJoin(users, eq(users.id, alerts.userId))
    .where(and(eq(alerts.id, alertId), isNull(alerts.endedAt)));
  if (!row) return null;
  return {
    ownerUserId: row.userId,
    contentFor: (member) =>
      alertEmail({
        member,
        owner: { name: row.name, email: row.email, isEmailVerified: row.emailVerifiedAt !== null },
        telefono: row.telefono,
        // the member's own link: it stops working if they leave the network (alert-link.ts)
        link: alertUrl(ctx, row, member.userId),
        brand: ctx.env.BRAND_NAME,
      }),
  };
};
