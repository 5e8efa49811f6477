/** The e-mails of the security network (Spanish: people read them). */
import { escapeHtml, greeting, thirdPartyLabel, type MailThirdParty } from '../../lib/mail/html.ts';

/**
 * The invitation, to the address the owner typed. Names only when that address is an account's
 * verified one (decision 050): otherwise "Hola:", and the owner is their verified address or "Una
 * persona"; the link's page says who invites.
 */
export function invitationEmail({
  inviteeName,
  isInviteeVerified,
  owner,
  link,
  brand,
}: {
  /** the name the owner typed for the guest */
  inviteeName: string;
  isInviteeVerified: boolean;
  owner: MailThirdParty;
  link: string;
  brand: string;
}) {
  const hello = greeting(isInviteeVerified ? inviteeName : null);
  const inviter = thirdPartyLabel(owner, isInviteeVerified, 'Una persona');
  const subject = `${inviter} te invita a su red de seguridad en ${brand}`;
  const text = [
    hello.text,
    '',
    `${inviter} te invitó a formar parte de su red de seguridad en ${brand}: las personas de confianza que reciben un aviso si le ocurre algo.`,
    'Para aceptar, abre este enlace (válido por 14 días y de un solo uso). Si no tienes cuenta, podrás crearla ahí mismo:',
    '',
    link,
    '',
    'Si no conoces a esta persona, ignora este mensaje.',
    '',
    `El equipo de ${brand}`,
  ].join('\n');
  const html = `${hello.html}
<p>${escapeHtml(inviter)} te invitó a formar parte de su red de seguridad en ${escapeHtml(brand)}: las personas de confianza que reciben un aviso si le ocurre algo.</p>
<p><a href="${escapeHtml(link)}">Aceptar la invitación</a> (enlace válido por 14 días y de un solo uso). Si no tienes cuenta, podrás crearla ahí mismo.</p>
<p>Si no conoces a esta persona, ignora este mensaje.</p>
<p>El equipo de ${escapeHtml(brand)}</p>`;
  return { subject, text, html };
}
