/** The texts of the e-mails the network gets about an account (Spanish: people read them). */
import { escapeHtml } from '../lib/mail/html.ts';

/** An SOS: the member opens the link to see where the person is, live, and call them. */
export function alertEmail(input: {
  memberName: string;
  ownerName: string;
  telefono: string | null;
  link: string;
  brand: string;
}) {
  const { memberName, ownerName, telefono, link, brand } = input;
  const subject = `Alerta de ${ownerName}: necesita ayuda`;
  const call = telefono ? `Llámale al +${telefono}.` : null;
  const text = [
    `Hola ${memberName}:`,
    '',
    `${ownerName} activó una alerta de emergencia desde su teléfono. Tú eres parte de su red de seguridad en ${brand}.`,
    'Abre este enlace para ver su ubicación en tiempo real mientras la alerta esté activa (no necesitas iniciar sesión):',
    '',
    link,
    '',
    ...(call ? [call, ''] : []),
    'Si crees que está en peligro, llama al 133 (Carabineros).',
    '',
    `El equipo de ${brand}`,
  ].join('\n');
  const html = `<p>Hola ${escapeHtml(memberName)}:</p>
<p><strong>${escapeHtml(ownerName)} activó una alerta de emergencia</strong> desde su teléfono. Tú eres parte de su red de seguridad en ${escapeHtml(brand)}.</p>
<p><a href="${escapeHtml(link)}">Ver su ubicación en tiempo real</a> (no necesitas iniciar sesión).</p>
${call ? `<p>${escapeHtml(call)}</p>\n` : ''}<p>Si crees que está en peligro, llama al 133 (Carabineros).</p>
<p>El equipo de ${escapeHtml(brand)}</p>`;
  return { subject, text, html };
}

/** Lost mode confirmed by the phone: which phone of whom, never where (the owner decides that). */
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
