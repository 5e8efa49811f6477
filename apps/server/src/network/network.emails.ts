/** The e-mails of the security network (Spanish: people read them). */
import { escapeHtml } from '../lib/mail/html.ts';

export function invitationEmail({
  inviteeName,
  ownerName,
  link,
  brand,
}: {
  inviteeName: string;
  ownerName: string;
  link: string;
  brand: string;
}) {
  const subject = `${ownerName} te invita a su red de seguridad en ${brand}`;
  const text = [
    `Hola ${inviteeName}:`,
    '',
    `${ownerName} te invitó a formar parte de su red de seguridad en ${brand}: las personas de confianza que reciben un aviso si le ocurre algo.`,
    'Para aceptar, abre este enlace (válido por 14 días y de un solo uso). Si no tienes cuenta, podrás crearla ahí mismo:',
    '',
    link,
    '',
    'Si no conoces a esta persona, ignora este mensaje.',
    '',
    `El equipo de ${brand}`,
  ].join('\n');
  const html = `<p>Hola ${escapeHtml(inviteeName)}:</p>
<p>${escapeHtml(ownerName)} te invitó a formar parte de su red de seguridad en ${escapeHtml(brand)}: las personas de confianza que reciben un aviso si le ocurre algo.</p>
<p><a href="${escapeHtml(link)}">Aceptar la invitación</a> (enlace válido por 14 días y de un solo uso). Si no tienes cuenta, podrás crearla ahí mismo.</p>
<p>Si no conoces a esta persona, ignora este mensaje.</p>
<p>El equipo de ${escapeHtml(brand)}</p>`;
  return { subject, text, html };
}
