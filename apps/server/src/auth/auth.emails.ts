/** The texts of the e-mails the auth feature sends (Spanish: people read them). */
import { escapeHtml } from '../lib/mail/html.ts';

export function resetPasswordEmail({ name, link, brand }: { name: string; link: string; brand: string }) {
  const subject = `Reestablece tu contraseña de ${brand}`;
  const text = [
    `Hola ${name}:`,
    '',
    `Recibimos una solicitud para reestablecer la contraseña de tu cuenta de ${brand}.`,
    'Para elegir una nueva contraseña, abre este enlace (válido por 1 hora y de un solo uso):',
    '',
    link,
    '',
    'Si no pediste este cambio, ignora este mensaje: tu contraseña actual sigue funcionando.',
    '',
    `El equipo de ${brand}`,
  ].join('\n');
  const html = `<p>Hola ${escapeHtml(name)}:</p>
<p>Recibimos una solicitud para reestablecer la contraseña de tu cuenta de ${escapeHtml(brand)}.</p>
<p><a href="${escapeHtml(link)}">Elegir una nueva contraseña</a> (enlace válido por 1 hora y de un solo uso).</p>
<p>Si no pediste este cambio, ignora este mensaje: tu contraseña actual sigue funcionando.</p>
<p>El equipo de ${escapeHtml(brand)}</p>`;
  return { subject, text, html };
}
