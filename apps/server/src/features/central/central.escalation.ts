/**
 * Escalation (decision 062): what the central does by itself when nobody acts. An event unclaimed
 * for CENTRAL_EMAIL_SUPERVISORS_AFTER_MS is e-mailed to every supervisor (each once, whatever the
 * retries: lib/outbox/send-once.ts); an event taken but untouched by its holder for
 * CENTRAL_RETURN_UNTOUCHED_AFTER_MS goes back to the queue, open to everyone, as a step of the record.
 * (At 30 s the supervisors' screens ring already: they hear the queue live.) One job, every few
 * seconds, run once across the processes (lib/jobs).
 */
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { CENTRAL_KIND_LABELS } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { defineJob } from '../../lib/jobs/jobs.ts';
import { escapeHtml } from '../../lib/mail/html.ts';
import { sendOnce } from '../../lib/outbox/send-once.ts';
import { users } from '../accounts/accounts.schema.ts';
import { centralEvents } from './central.schema.ts';
import { appendCentralStep } from './central.record.ts';
import { tellOperators } from './central.service.ts';

/** the alarm-receiving centres' mark: an alarm answered within 60 s */
export const CENTRAL_EMAIL_SUPERVISORS_AFTER_MS = 60_000;
/** ours: five minutes without a step by its holder, an event is taken as forgotten */
export const CENTRAL_RETURN_UNTOUCHED_AFTER_MS = 5 * 60_000;

async function activeSupervisors(ctx: AppContext) {
  return ctx.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'operator'), eq(users.isSupervisor, true), isNull(users.disabledAt)))
    .orderBy(asc(users.id));
}

function unclaimedEmail(
  ctx: AppContext,
  event: { id: number; kind: keyof typeof CENTRAL_KIND_LABELS; createdAt: Date },
) {
  const kind = CENTRAL_KIND_LABELS[event.kind];
  const waited = Math.round((ctx.now().getTime() - event.createdAt.getTime()) / 1000);
  const link = `${ctx.env.PUBLIC_URL}/operador`;
  const subject = `Central: ${kind} #${event.id} sin tomar hace ${waited} s`;
  const text = [
    `El evento #${event.id} (${kind}) llegó hace ${waited} segundos y ningún operador lo ha tomado.`,
    '',
    `Tómalo o asígnalo a un operador en la central: ${link}`,
    '',
    `El equipo de ${ctx.env.BRAND_NAME}`,
  ].join('\n');
  const html = `<p><strong>El evento #${event.id} (${escapeHtml(kind)}) llegó hace ${waited} segundos y ningún operador lo ha tomado.</strong></p>
<p><a href="${escapeHtml(link)}">Tómalo o asígnalo a un operador en la central</a>.</p>
<p>El equipo de ${escapeHtml(ctx.env.BRAND_NAME)}</p>`;
  return { subject, text, html };
}

/** Every supervisor hears of each event still unclaimed past the mark; a failed e-mail is tried again. */
export async function emailSupervisorsOfUnclaimed(ctx: AppContext): Promise<void> {
  const due = new Date(ctx.now().getTime() - CENTRAL_EMAIL_SUPERVISORS_AFTER_MS);
  const waiting = await ctx.db
    .select({ id: centralEvents.id, kind: centralEvents.kind, createdAt: centralEvents.createdAt })
    .from(centralEvents)
    .where(
      and(
        eq(centralEvents.status, 'open'),
        isNull(centralEvents.supervisorsToldAt),
        lt(centralEvents.createdAt, due),
      ),
    );
  if (waiting.length === 0) return;
  const supervisors = await activeSupervisors(ctx);
  for (const event of waiting) {
    const message = unclaimedEmail(ctx, event);
    // a supervisor already e-mailed is not e-mailed again when another's failed and this runs again
    for (const supervisor of supervisors)
      await sendOnce(ctx, `central:unclaimed:${event.id}:${supervisor.id}`, {
        to: supervisor.email,
        ...message,
      });
    await ctx.db
      .update(centralEvents)
      .set({ supervisorsToldAt: ctx.now() })
      .where(eq(centralEvents.id, event.id));
  }
}

/**
 * Events whose holder has taken no step since taking them (or since their last step) for the mark go
 * back to the queue. The holder is named in the UPDATE: an event taken again meanwhile stays taken.
 */
export async function returnUntouchedEvents(ctx: AppContext): Promise<void> {
  const before = new Date(ctx.now().getTime() - CENTRAL_RETURN_UNTOUCHED_AFTER_MS).toISOString();
  // the outer row named in full: in a query of one table, Drizzle writes its columns unqualified
  const lastTouch = sql`greatest("central_events"."claimed_at", (
    select max(l.at) from central_log l
    where l.event_id = "central_events"."id" and l.actor_id = "central_events"."claimed_by"
  ))`;
  const untouched = await ctx.db
    .select({ id: centralEvents.id, holder: centralEvents.claimedBy })
    .from(centralEvents)
    .where(and(eq(centralEvents.status, 'claimed'), sql`${lastTouch} < ${before}::timestamptz`));
  for (const { id, holder } of untouched) {
    if (holder === null) continue;
    const now = ctx.now();
    const returned = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .update(centralEvents)
        .set({ status: 'open', claimedBy: null, claimedAt: null })
        .where(
          and(
            eq(centralEvents.id, id),
            eq(centralEvents.status, 'claimed'),
            eq(centralEvents.claimedBy, holder),
          ),
        )
        .returning({ id: centralEvents.id });
      if (rows[0])
        await appendCentralStep(tx, {
          at: now,
          eventId: id,
          actorId: null,
          action: 'returned',
          detail: { from: holder },
        });
      return rows.length > 0;
    });
    if (returned) await tellOperators(ctx, id);
  }
}

export const centralEscalationJob = defineJob({
  name: 'central-escalation',
  // ours: the marks are a minute and five; ten seconds late is within what a centre is judged by
  everySeconds: 10,
  retry: { limit: 2, delaySeconds: 5 },
  async run(ctx) {
    await emailSupervisorsOfUnclaimed(ctx);
    await returnUntouchedEvents(ctx);
  },
});
