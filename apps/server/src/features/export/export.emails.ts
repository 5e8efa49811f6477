/** The e-mail that says a data export is ready (decision 037), in Spanish. Its link is a secret. */
import { chileDateTime } from '../activity/security-notice.ts';
import { escapeHtml, greeting } from '../../lib/mail/html.ts';

export function dataExportReadyEmail(input: {
  /** the account's, only when its address is verified (lib/mail/html.ts `greeting`) */
  name: string | null;
  link: string;
  expiresAt: Date;
  brand: string;
}) {
  const hello = greeting(input.name);
  const until = `${chileDateTime(input.expiresAt)} (hora de Chile)`;
  const subject = `Tu copia de datos está lista - ${input.brand}`;
  const text = [
    hello.text,
    '',
    `La copia de tus datos en ${input.brand} que pediste está lista. Descárgala aquí:`,
    input.link,
    '',
    `El enlace funciona hasta el ${until}; después, el archivo se borra y puedes pedir una copia nueva en "Seguridad y privacidad".`,
    'El archivo ZIP incluye LEEME.txt, que explica qué contiene cada archivo.',
    '',
    'No compartas este enlace: quien lo tenga puede descargar tus datos.',
    'Si no pediste esta copia, cambia tu contraseña ahora y revisa la actividad de tu cuenta en "Seguridad y privacidad".',
    '',
    `El equipo de ${input.brand}`,
  ].join('\n');
  const html = `${hello.html}
<p>La copia de tus datos en ${escapeHtml(input.brand)} que pediste está lista.</p>
<p><a href="${escapeHtml(input.link)}">Descargar mis datos</a></p>
<p>El enlace funciona hasta el ${escapeHtml(until)}; después, el archivo se borra y puedes pedir una copia nueva en "Seguridad y privacidad". El archivo ZIP incluye LEEME.txt, que explica qué contiene cada archivo.</p>
<p><strong>No compartas este enlace:</strong> quien lo tenga puede descargar tus datos.</p>
<p>Si no pediste esta copia, cambia tu contraseña ahora y revisa la actividad de tu cuenta en "Seguridad y privacidad".</p>
<p>El equipo de ${escapeHtml(input.brand)}</p>`;
  return { subject, text, html };
}
