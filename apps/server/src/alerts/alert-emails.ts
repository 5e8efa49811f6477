/**
 * The SOS e-mails to the network, and their second chances. An e-mail that fails when the alert
 * opens (the mail server is down or refuses for a moment) is kept in `alert_email_retries` and tried
 * again by the server's sweep (app.ts, each minute) after RETRY_DELAYS_MS, while the alert is open
 * and the person still in the network: the members must hear of an SOS even when the first try
 * failed, and the phone's request does not wait for the retries.
 */
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { alertEmailRetries, alerts, users } from '../lib/db/schema.ts';
import { listAcceptedMembers } from '../network/network.members.ts';
import { alertUrl } from './alert-link.ts';
import { alertEmail } from './alerts.emails.ts';

/** ours: the waits after the first, second and third failed try; after the fourth it gives up */
export const ALERT_EMAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000];
/** ours: retries taken in one sweep, so that a long mail outage cannot hold a sweep for long */
const RETRIES_PER_SWEEP = 50;

interface AlertEmailTarget {
  alertId: number;
  linkNonce: string;
  owner: { name: string; telefono: string | null };
  member: { userId: number; name: string; email: string };
}

function sendAlertEmail(ctx: AppContext, target: AlertEmailTarget): Promise<void> {
  return ctx.mailer.send({
    to: target.member.email,
    ...alertEmail({
      memberName: target.member.name,
      ownerName: target.owner.name,
      telefono: target.owner.telefono,
      link: alertUrl(ctx, target.linkNonce),
      brand: ctx.env.BRAND_NAME,
    }),
  });
}

/** The first try, to every member at once; a failure is logged and kept for the sweep. */
export async function emailNetworkAboutAlert(
  ctx: AppContext,
  alert: { id: number; linkNonce: string },
  owner: AlertEmailTarget['owner'],
  members: AlertEmailTarget['member'][],
): Promise<void> {
  await Promise.all(
    members.map(async (member) => {
      try {
        await sendAlertEmail(ctx, { alertId: alert.id, linkNonce: alert.linkNonce, owner, member });
      } catch (error) {
        ctx.log.error({ err: error, alertId: alert.id }, 'could not e-mail a member about an alert');
        await ctx.db
          .insert(alertEmailRetries)
          .values({
            alertId: alert.id,
            memberUserId: member.userId,
            attempts: 1,
            nextAttemptAt: new Date(ctx.now().getTime() + ALERT_EMAIL_RETRY_DELAYS_MS[0]!),
          })
          .onConflictDoNothing();
      }
    }),
  );
}

/** Whom a retry is for, or null when there is nobody to tell any more (alert ended, member gone). */
async function findTarget(
  ctx: AppContext,
  retry: { alertId: number; memberUserId: number },
): Promise<AlertEmailTarget | null> {
  const [alert] = await ctx.db
    .select({ linkNonce: alerts.linkNonce, ownerId: users.id, name: users.name, telefono: users.telefono })
    .from(alerts)
    .innerJoin(users, eq(users.id, alerts.userId))
    .where(and(eq(alerts.id, retry.alertId), isNull(alerts.endedAt)));
  if (!alert) return null;
  const members = await listAcceptedMembers(ctx, alert.ownerId);
  const member = members.find((m) => m.userId === retry.memberUserId);
  if (!member) return null;
  const { linkNonce, name, telefono } = alert;
  return { alertId: retry.alertId, linkNonce, owner: { name, telefono }, member };
}

/**
 * The sweep's part: the retries that are due, each claimed by one conditional UPDATE that counts the
 * try and books the next one, so two servers (or two sweeps) never send the same try twice.
 */
export async function retryAlertEmails(ctx: AppContext): Promise<void> {
  const now = ctx.now().getTime();
  const due = await ctx.db
    .select()
    .from(alertEmailRetries)
    .where(lte(alertEmailRetries.nextAttemptAt, new Date(now)))
    .orderBy(asc(alertEmailRetries.nextAttemptAt))
    .limit(RETRIES_PER_SWEEP);
  for (const retry of due) {
    const attempts = retry.attempts + 1;
    const [claimed] = await ctx.db
      .update(alertEmailRetries)
      .set({
        attempts,
        // after the last try the row is deleted below; the far date only keeps it out of the way
        nextAttemptAt: new Date(now + (ALERT_EMAIL_RETRY_DELAYS_MS[attempts - 1] ?? 86_400_000)),
      })
      .where(and(eq(alertEmailRetries.id, retry.id), eq(alertEmailRetries.attempts, retry.attempts)))
      .returning({ id: alertEmailRetries.id });
    if (!claimed) continue;
    const forget = () => ctx.db.delete(alertEmailRetries).where(eq(alertEmailRetries.id, retry.id));
    const target = await findTarget(ctx, retry);
    if (!target) {
      await forget();
      continue;
    }
    try {
      await sendAlertEmail(ctx, target);
      await forget();
    } catch (error) {
      const isLast = attempts > ALERT_EMAIL_RETRY_DELAYS_MS.length;
      ctx.log.error(
        { err: error, alertId: retry.alertId, attempts },
        isLast ? 'gave up e-mailing a member about an alert' : 'could not e-mail a member about an alert',
      );
      if (isLast) await forget();
    }
  }
}
