/**
 * The owner's e-mail when a phone that was off comes back and carries out the orders that waited for
 * it (decision 043): which phone, when (Chile's time), and what became of each order. Sent once per
 * reconnection (commands/late-orders.ts emits lateOrdersApplied after the phone answered them all), in
 * the background; a mail server that does not answer is logged and changes nothing.
 */
import { eq } from 'drizzle-orm';
import type { CommandState, CommandType } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { sendOnce } from '../../lib/outbox/send-once.ts';
import { escapeHtml, greeting } from '../../lib/mail/html.ts';
import type { ServerEvents } from '../../lib/events.ts';
import { users } from '../accounts/accounts.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { chileDateTime } from '../activity/security-notice.ts';

/** the orders as the panel names them */
const ORDER_NAMES: Record<CommandType, string> = {
  lock: 'Bloqueo de pantalla',
  lostOn: 'Activar la función de pérdida',
  lostOff: 'Desactivar la función de pérdida',
  wipe: 'Borrado del teléfono',
  trackingOn: 'Activar el tracking',
  trackingOff: 'Desactivar el tracking',
};

/** what became of an order, by the phone's answer */
function describeOutcome(type: CommandType, state: CommandState): string {
  if (type === 'wipe') {
    if (state === 'delivered')
      return 'el teléfono la recibió y abrió su ventana de unos segundos para detenerla; si no quieres borrarlo, entra ahora al panel y presiona DETENER';
    if (state === 'done') return 'el teléfono comenzó a borrar su información';
    if (state === 'cancelled') return 'se detuvo: no se borró nada';
  }
  if (state === 'done') return 'aplicada';
  if (state === 'failed') return 'el teléfono no pudo cumplirla';
  return 'no se aplicó';
}

export function lateOrdersEmail(input: {
  /** the account's, only when its address is verified (lib/mail/html.ts `greeting`) */
  name: string | null;
  /** the phone's, only then too: whoever registered the phone typed it (decision 050) */
  deviceName: string | null;
  deviceModel: string;
  reconnectedAt: Date;
  orders: { type: CommandType; createdAt: Date; state: CommandState }[];
  brand: string;
  publicUrl: string;
}) {
  // the phone's name in quotes: it often begins with "Teléfono" itself
  const phone = input.deviceName ? `«${input.deviceName}» (${input.deviceModel})` : `(${input.deviceModel})`;
  const subject = input.deviceName
    ? `Tu teléfono «${input.deviceName}» volvió a conectarse - ${input.brand}`
    : `Tu teléfono volvió a conectarse - ${input.brand}`;
  const intro = `Tu teléfono ${phone} volvió a conectarse el ${chileDateTime(input.reconnectedAt)} (hora de Chile) y recibió las órdenes que estaban pendientes:`;
  const lines = input.orders.map(
    (order) =>
      `${ORDER_NAMES[order.type]} (ordenada el ${chileDateTime(order.createdAt)}): ${describeOutcome(order.type, order.state)}.`,
  );
  const closing = 'Puedes ver el estado de tu teléfono en el panel:';
  const hello = greeting(input.name);
  const text = [
    hello.text,
    '',
    intro,
    '',
    ...lines.map((line) => `- ${line}`),
    '',
    closing,
    input.publicUrl,
    '',
    `El equipo de ${input.brand}`,
  ].join('\n');
  const html = `${hello.html}
<p>${escapeHtml(intro)}</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>${escapeHtml(closing)} <a href="${escapeHtml(input.publicUrl)}">${escapeHtml(input.publicUrl)}</a></p>
<p>El equipo de ${escapeHtml(input.brand)}</p>`;
  return { subject, text, html };
}

async function sendLateOrdersEmail(
  ctx: AppContext,
  event: ServerEvents['lateOrdersApplied'],
  eventId: number,
) {
  const [row] = await ctx.db
    .select({
      name: users.name,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      deviceName: devices.deviceName,
      deviceModel: devices.deviceModel,
    })
    .from(devices)
    .innerJoin(users, eq(users.id, devices.userId))
    .where(eq(devices.id, event.deviceRowId));
  // the phone or the account was removed meanwhile
  if (!row) return;
  await sendOnce(ctx, `late-orders:${eventId}`, {
    to: row.email,
    ...lateOrdersEmail({
      name: row.emailVerifiedAt ? row.name : null,
      deviceName: row.emailVerifiedAt ? row.deviceName : null,
      deviceModel: row.deviceModel,
      reconnectedAt: new Date(event.reconnectedAt),
      orders: event.orders.map((order) => ({ ...order, createdAt: new Date(order.createdAt) })),
      brand: ctx.env.BRAND_NAME,
      publicUrl: ctx.env.PUBLIC_URL,
    }),
  });
}

/**
 * The e-mail follows the durable event (lib/events.ts), delivered apart from the phone's message; one
 * that fails is tried again with the event (lib/outbox/outbox.ts).
 */
export function subscribeLateOrdersEmail(ctx: AppContext): void {
  ctx.events.on('lateOrdersApplied', 'lostphone', (event, { eventId }) =>
    sendLateOrdersEmail(ctx, event, eventId),
  );
}
