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

/** The link that verifies the account's e-mail (sign-up, or asked for again from the panel's banner). */
export function verifyEmailEmail({ name, link, brand }: { name: string; link: string; brand: string }) {
  const subject = `Verifica tu email de ${brand}`;
  const text = [
    `Hola ${name}:`,
    '',
    `Gracias por crear tu cuenta de ${brand}. Para confirmar que este email es tuyo, abre este enlace (válido por 48 horas y de un solo uso):`,
    '',
    link,
    '',
    'Si no creaste esta cuenta, ignora este mensaje.',
    '',
    `El equipo de ${brand}`,
  ].join('\n');
  const html = `<p>Hola ${escapeHtml(name)}:</p>
<p>Gracias por crear tu cuenta de ${escapeHtml(brand)}. Para confirmar que este email es tuyo, abre este enlace:</p>
<p><a href="${escapeHtml(link)}">Verificar mi email</a> (enlace válido por 48 horas y de un solo uso).</p>
<p>Si no creaste esta cuenta, ignora este mensaje.</p>
<p>El equipo de ${escapeHtml(brand)}</p>`;
  return { subject, text, html };
}

/** The link, sent to the new address, that makes it the account's e-mail (asked for in the profile). */
export function changeEmailEmail({
  name,
  email,
  link,
  brand,
}: {
  name: string;
  email: string;
  link: string;
  brand: string;
}) {
  const subject = `Confirma tu nuevo email de ${brand}`;
  const text = [
    `Hola ${name}:`,
    '',
    `Pediste cambiar el email de tu cuenta de ${brand} a ${email}.`,
    'Para confirmar el cambio, abre este enlace (válido por 48 horas y de un solo uso):',
    '',
    link,
    '',
    'Tu email no cambiará hasta que lo abras. Si no pediste este cambio, ignora este mensaje.',
    '',
    `El equipo de ${brand}`,
  ].join('\n');
  const html = `<p>Hola ${escapeHtml(name)}:</p>
<p>Pediste cambiar el email de tu cuenta de ${escapeHtml(brand)} a ${escapeHtml(email)}.</p>
<p><a href="${escapeHtml(link)}">Confirmar mi nuevo email</a> (enlace válido por 48 horas y de un solo uso).</p>
<p>Tu email no cambiará hasta que lo abras. Si no pediste este cambio, ignora este mensaje.</p>
<p>El equipo de ${escapeHtml(brand)}</p>`;
  return { subject, text, html };
}
