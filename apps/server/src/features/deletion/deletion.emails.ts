/** The e-mail that confirms an account's deletion was asked for (Spanish: people read it). */
import { escapeHtml, greeting } from '../../lib/mail/html.ts';

export function deletionScheduledEmail(input: {
  /** the account's, only when its address is verified (lib/mail/html.ts `greeting`) */
  name: string | null;
  brand: string;
  /** DD-MM-AAAA HH:mm, Chile's time */
  when: string;
  /** the link that cancels it: a secret, never logged */
  cancelLink: string;
  /** the central has an atención of this customer open, which holds the deletion back */
  hasOpenAtencion: boolean;
}) {
  const { brand, when, cancelLink } = input;
  const hello = greeting(input.name);
  const subject = `Tu cuenta de ${brand} se eliminará el ${when.slice(0, 10)}`;
  const atencion = input.hasOpenAtencion
    ? 'La central conservará tu atención abierta hasta cerrarla; tu cuenta se eliminará cuando la cierre.'
    : null;
  const text = [
    hello.text,
    '',
    `Pediste eliminar tu cuenta de ${brand}. Se eliminará el ${when} (hora de Chile).`,
    'Cerramos todas tus sesiones y no podrás ingresar mientras tanto.',
    '',
    'Ese día borraremos tus datos: perfil, foto, teléfonos y sus fotos, recorridos, alertas, red de seguridad, sesiones y actividad. Tus teléfonos olvidarán la cuenta.',
    'Tus pagos se conservan, como exige la ley contable, sin tu nombre, email ni RUT.',
    ...(atencion ? ['', atencion] : []),
    '',
    'Si cambiaste de opinión, o no fuiste tú, cancela la eliminación con este enlace antes de esa fecha:',
    cancelLink,
    '',
    `El equipo de ${brand}`,
  ].join('\n');
  const html = `${hello.html}
<p>Pediste eliminar tu cuenta de ${escapeHtml(brand)}. <strong>Se eliminará el ${escapeHtml(when)} (hora de Chile).</strong> Cerramos todas tus sesiones y no podrás ingresar mientras tanto.</p>
<p>Ese día borraremos tus datos: perfil, foto, teléfonos y sus fotos, recorridos, alertas, red de seguridad, sesiones y actividad. Tus teléfonos olvidarán la cuenta. Tus pagos se conservan, como exige la ley contable, sin tu nombre, email ni RUT.</p>
${atencion ? `<p>${escapeHtml(atencion)}</p>\n` : ''}<p>Si cambiaste de opinión, o no fuiste tú, <a href="${escapeHtml(cancelLink)}">cancela la eliminación</a> antes de esa fecha.</p>
<p>El equipo de ${escapeHtml(brand)}</p>`;
  return { subject, text, html };
}
