/** The texts of the e-mails the auth feature sends (Spanish: people read them). */
import type { ClientOrigin } from '../../lib/http/client-origin.ts';
import { escapeHtml, greeting } from '../../lib/mail/html.ts';
import { chileDateTime } from '../activity/security-notice.ts';

/** `name`: the account's, only when its address is verified (lib/mail/html.ts `greeting`) */
export function resetPasswordEmail({
  name,
  link,
  brand,
}: {
  name: string | null;
  link: string;
  brand: string;
}) {
  const hello = greeting(name);
  const subject = `Reestablece tu contraseña de ${brand}`;
  const text = [
    hello.text,
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
  const html = `${hello.html}
<p>Recibimos una solicitud para reestablecer la contraseña de tu cuenta de ${escapeHtml(brand)}.</p>
<p><a href="${escapeHtml(link)}">Elegir una nueva contraseña</a> (enlace válido por 1 hora y de un solo uso).</p>
<p>Si no pediste este cambio, ignora este mensaje: tu contraseña actual sigue funcionando.</p>
<p>El equipo de ${escapeHtml(brand)}</p>`;
  return { subject, text, html };
}

/**
 * The link that verifies the account's e-mail (sign-up, or asked for again from the panel's banner).
 * The address is not verified yet, so the e-mail names nobody: whoever signed up typed the name.
 */
export function verifyEmailEmail({ link, brand }: { link: string; brand: string }) {
  const hello = greeting(null);
  const subject = `Verifica tu email de ${brand}`;
  const text = [
    hello.text,
    '',
    `Se creó una cuenta de ${brand} con este email. Para confirmar que este email es tuyo, abre este enlace (válido por 48 horas y de un solo uso):`,
    '',
    link,
    '',
    'Al abrirlo, la cuenta queda solo para ti: cerramos todas sus sesiones y eliges una contraseña nueva.',
    'Si no creaste esta cuenta, ignora este mensaje.',
    '',
    `El equipo de ${brand}`,
  ].join('\n');
  const html = `${hello.html}
<p>Se creó una cuenta de ${escapeHtml(brand)} con este email. Para confirmar que este email es tuyo, abre este enlace:</p>
<p><a href="${escapeHtml(link)}">Verificar mi email</a> (enlace válido por 48 horas y de un solo uso).</p>
<p>Al abrirlo, la cuenta queda solo para ti: cerramos todas sus sesiones y eliges una contraseña nueva.</p>
<p>Si no creaste esta cuenta, ignora este mensaje.</p>
<p>El equipo de ${escapeHtml(brand)}</p>`;
  return { subject, text, html };
}

/**
 * The link, sent to the new address, that proves it (decision 050): opened in a session of the account
 * that asked. The address is not verified, so the e-mail names nobody.
 */
export function emailChangeLinkEmail({ email, link, brand }: { email: string; link: string; brand: string }) {
  const hello = greeting(null);
  const subject = `Confirma tu nuevo email de ${brand}`;
  const text = [
    hello.text,
    '',
    `Se pidió que ${email} sea el email de una cuenta de ${brand}.`,
    'Si fuiste tú, abre este enlace (válido por 48 horas y de un solo uso); te pediremos ingresar a tu cuenta si no lo has hecho:',
    '',
    link,
    '',
    'Si no fuiste tú, ignora este mensaje: nada cambiará.',
    '',
    `El equipo de ${brand}`,
  ].join('\n');
  const html = `${hello.html}
<p>Se pidió que ${escapeHtml(email)} sea el email de una cuenta de ${escapeHtml(brand)}.</p>
<p><a href="${escapeHtml(link)}">Confirmar mi nuevo email</a> (enlace válido por 48 horas y de un solo uso; te pediremos ingresar a tu cuenta si no lo has hecho).</p>
<p>Si no fuiste tú, ignora este mensaje: nada cambiará.</p>
<p>El equipo de ${escapeHtml(brand)}</p>`;
  return { subject, text, html };
}

/**
 * Sent at once to the account's current address when a change is asked for (decision 050): what, when
 * and from where, when it would apply, and the link that confirms or cancels it. `name` only when the
 * current address is verified; `appliesAfter` null when it was not (its silence decides nothing).
 */
export function emailChangeNoticeEmail(input: {
  name: string | null;
  newEmail: string;
  at: Date;
  origin: ClientOrigin;
  appliesAfter: Date | null;
  link: string;
  brand: string;
}) {
  const { newEmail, link, brand } = input;
  const hello = greeting(input.name);
  const when = `${chileDateTime(input.at)} (hora de Chile)`;
  const where = [input.origin.address, input.origin.browser].filter(Boolean).join(', ') || 'desconocido';
  const applies = input.appliesAfter
    ? `Si fuiste tú, puedes confirmarlo ahora en el enlace de abajo; si no dices nada, se aplicará el ${chileDateTime(input.appliesAfter)} (hora de Chile), una vez confirmado el nuevo email.`
    : 'Si fuiste tú, no necesitas hacer nada: se aplicará cuando se confirme el nuevo email.';
  const subject = `Se pidió cambiar el email de tu cuenta - ${brand}`;
  const text = [
    hello.text,
    '',
    `Se pidió cambiar el email de tu cuenta de ${brand} a ${newEmail}.`,
    '',
    `Cuándo: ${when}`,
    `Desde: ${where}`,
    '',
    applies,
    'Si no fuiste tú, cancélalo en este enlace y cambia tu contraseña: quien lo pidió la conoce.',
    '',
    link,
    '',
    `El equipo de ${brand}`,
  ].join('\n');
  const html = `${hello.html}
<p><strong>Se pidió cambiar el email de tu cuenta de ${escapeHtml(brand)} a ${escapeHtml(newEmail)}.</strong></p>
<p>Cuándo: ${escapeHtml(when)}<br>Desde: ${escapeHtml(where)}</p>
<p>${escapeHtml(applies)}</p>
<p>Si no fuiste tú, cancélalo y cambia tu contraseña: quien lo pidió la conoce.</p>
<p><a href="${escapeHtml(link)}">Revisar el cambio: confirmarlo o cancelarlo</a></p>
<p>El equipo de ${escapeHtml(brand)}</p>`;
  return { subject, text, html };
}
