/**
 * The e-mails that tell an account's owner something important happened to it (decision 036): what,
 * when (Chile's time), from where (address and browser), and what to do if it was not them, with a
 * link to Login's "¿Olvidaste tu contraseña?". Never a secret: no token, code or signed link.
 * A notice is sent after the change is committed and never fails it: a mail server that does not
 * answer is logged, and the change (a wipe, say) stands.
 */
import { eq } from 'drizzle-orm';
import { chileDateParts } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { ClientOrigin } from '../../lib/http/client-origin.ts';
import { escapeHtml, greeting } from '../../lib/mail/html.ts';
import type { MailMessage } from '../../lib/mail/mailer.ts';
import { users } from '../accounts/accounts.schema.ts';

/** what each notice says happened; the detail (a phone's name) is added where there is one */
const WHAT = {
  new_browser_sign_in: 'Se inició sesión en tu cuenta desde un navegador que no habíamos visto',
  password_changed: 'Se cambió la contraseña de tu cuenta',
  password_reset: 'Se reestableció la contraseña de tu cuenta',
  two_factor_on: 'Se activó la verificación en dos pasos de tu cuenta',
  two_factor_off: 'Se desactivó la verificación en dos pasos de tu cuenta',
  two_factor_code_failed:
    'Alguien ingresó la contraseña correcta de tu cuenta (o entró con tu cuenta de Google), pero no el código de verificación en dos pasos',
  email_changed: 'Se cambió el email de tu cuenta',
  lock_ordered: 'Se ordenó bloquear tu teléfono',
  lost_mode_ordered: 'Se ordenó activar el modo perdido de tu teléfono',
  wipe_ordered: 'Se ordenó borrar los datos de tu teléfono',
  device_removed: 'Se quitó un teléfono de tu cuenta',
} as const;
export type SecurityNoticeKind = keyof typeof WHAT;
/** the notices whose detail is a phone's name */
const PHONE_NAMED = new Set<SecurityNoticeKind>([
  'lock_ordered',
  'lost_mode_ordered',
  'wipe_ordered',
  'device_removed',
]);

/** the path of Login that opens "¿Olvidaste tu contraseña?" (the panel reads `recuperar`) */
export const RECOVER_PASSWORD_PATH = '/login?recuperar=1';

export interface SecurityNotice {
  userId: number;
  kind: SecurityNoticeKind;
  origin: ClientOrigin;
  /** the phone's name, or for `email_changed` the new address */
  detail?: string | null;
  /** another address than the account's (the old one, after an e-mail change) */
  to?: string;
}

/** DD-MM-AAAA HH:mm, Chile's time, as the panel writes dates */
export function chileDateTime(date: Date): string {
  const p = chileDateParts(date)!;
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

export function securityNoticeEmail(
  notice: Omit<SecurityNotice, 'userId' | 'to'> & {
    /** the account's name, only when the notice goes to its own verified address (lib/mail/html.ts) */
    name: string | null;
    at: Date;
    publicUrl: string;
    brand: string;
  },
) {
  const what = notice.detail ? `${WHAT[notice.kind]}: ${notice.detail}` : WHAT[notice.kind];
  const where = [notice.origin.address, notice.origin.browser].filter(Boolean).join(', ') || 'desconocido';
  const when = `${chileDateTime(notice.at)} (hora de Chile)`;
  const link = `${notice.publicUrl}${RECOVER_PASSWORD_PATH}`;
  const subject = `${WHAT[notice.kind]} - ${notice.brand}`;
  const hello = greeting(notice.name);
  const text = [
    hello.text,
    '',
    `${what}.`,
    '',
    `Cuándo: ${when}`,
    `Desde: ${where}`,
    '',
    'Si fuiste tú, no necesitas hacer nada.',
    'Si no fuiste tú, cambia tu contraseña ahora con "¿Olvidaste tu contraseña?":',
    link,
    'y revisa las sesiones abiertas en "Seguridad y privacidad".',
    '',
    `El equipo de ${notice.brand}`,
  ].join('\n');
  const html = `${hello.html}
<p><strong>${escapeHtml(what)}.</strong></p>
<p>Cuándo: ${escapeHtml(when)}<br>Desde: ${escapeHtml(where)}</p>
<p>Si fuiste tú, no necesitas hacer nada.</p>
<p>Si no fuiste tú, <a href="${escapeHtml(link)}">cambia tu contraseña ahora</a> y revisa las sesiones abiertas en "Seguridad y privacidad".</p>
<p>El equipo de ${escapeHtml(notice.brand)}</p>`;
  return { subject, text, html };
}

/**
 * The notice as it goes to the account's owner (or `notice.to`), about something done `at`; null when
 * the account is gone.
 */
export async function composeSecurityNotice(
  ctx: AppContext,
  notice: SecurityNotice,
  at: Date = ctx.now(),
): Promise<MailMessage | null> {
  const [user] = await ctx.db
    .select({ name: users.name, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, notice.userId));
  if (!user) return null;
  // names (the account's, a phone's) were typed by whoever made them: only a mailbox proven to be the
  // owner's reads them (decision 050); other details (the new address, who turned two-step off) stay
  const isProven = !notice.to && user.emailVerifiedAt !== null;
  return {
    to: notice.to ?? user.email,
    ...securityNoticeEmail({
      ...notice,
      detail: isProven || !PHONE_NAMED.has(notice.kind) ? notice.detail : null,
      name: isProven ? user.name : null,
      at,
      publicUrl: ctx.env.PUBLIC_URL,
      brand: ctx.env.BRAND_NAME,
    }),
  };
}

/** Sends the notice to the account's owner; a failure is logged, never thrown. True once it is handed to the mail server. */
export async function sendSecurityNotice(ctx: AppContext, notice: SecurityNotice): Promise<boolean> {
  try {
    const message = await composeSecurityNotice(ctx, notice);
    if (!message) return false;
    await ctx.mailer.send(message);
    return true;
  } catch (error) {
    ctx.log.warn({ err: error, kind: notice.kind }, 'a security notice could not be sent');
    return false;
  }
}
