/** The plan-expiry reminder (Spanish: people read it). */
import { chileDateParts } from '@escudo/contract';
import { escapeHtml, greeting } from '../../lib/mail/html.ts';
import type { PlanReminderKind } from './reminders.schema.ts';

/** DD-MM-AAAA in Chile's time, as the panel writes dates */
export function chileDate(date: Date): string {
  const parts = chileDateParts(date)!;
  return `${parts.day}-${parts.month}-${parts.year}`;
}

export function planReminderEmail({
  name,
  planName,
  expiresAt,
  kind,
  link,
  brand,
}: {
  /** the account's, only when its address is verified (lib/mail/html.ts `greeting`) */
  name: string | null;
  planName: string;
  expiresAt: Date;
  kind: PlanReminderKind;
  link: string;
  brand: string;
}) {
  const hello = greeting(name);
  const date = chileDate(expiresAt);
  const when = kind === '1d' ? 'en menos de un día' : 'en menos de una semana';
  const subject = `Tu plan ${planName} de ${brand} vence el ${date}`;
  const intro = `Tu plan ${planName} vence ${when}, el ${date}.`;
  const renew =
    'Para seguir protegido, renuévalo o cambia de plan en Planes; lo que te quede de tu plan actual no se pierde:';
  const text = [
    hello.text,
    '',
    intro,
    renew,
    '',
    link,
    '',
    'Si ya lo renovaste, ignora este mensaje.',
    '',
    `El equipo de ${brand}`,
  ].join('\n');
  const html = `${hello.html}
<p>${escapeHtml(intro)}</p>
<p>Para seguir protegido, renuévalo o cambia de plan en <a href="${escapeHtml(link)}">Planes</a>; lo que te quede de tu plan actual no se pierde.</p>
<p>Si ya lo renovaste, ignora este mensaje.</p>
<p>El equipo de ${escapeHtml(brand)}</p>`;
  return { subject, text, html };
}
