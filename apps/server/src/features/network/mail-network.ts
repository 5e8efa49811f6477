/**
 * E-mails to the accepted members of a user's security network that must not be lost (decisions 023,
 * 024, 025, 055): an SOS (the alertRaised event) and a phone in lost mode (lostModeChanged). Nobody is
 * there to ask for them again. The events are durable (lib/events.ts): recorded with the change and
 * delivered through the job queue, apart from the phone's request, so a process that dies after the
 * commit loses none. The delivery tries every member at once, each e-mail once per event
 * (lib/outbox/send-once.ts); one that fails is kept in `network_email_retries` and tried again by the
 * scheduled job retry-network-emails (network.jobs.ts, each minute) after
 * NETWORK_EMAIL_RETRY_DELAYS_MS, while it still means something. What a member reads is the raising
 * feature's (alerts.emails.ts, lost-mode-notice.ts), given by the assembly (app/features.ts).
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { sendOnce } from '../../lib/outbox/send-once.ts';
import { networkEmailRetries, type NetworkEmailKind } from './network.schema.ts';
import type { MailMessage } from '../../lib/mail/mailer.ts';
import { listAcceptedMembers, type NetworkMember } from './network.members.ts';

/** ours: the waits after the first, second and third failed try; after the fourth it gives up */
export const NETWORK_EMAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000];
/** ours: retries taken in one run of the job, so that a long mail outage cannot hold a run for long */
const RETRIES_PER_SWEEP = 50;

/** What an e-mail is about: an alert (its id) or a lost phone (its device's internal id). */
type NetworkEmailSubject = { kind: NetworkEmailKind; subjectId: number };

/** An e-mail about one subject (an alert, a phone): whose network hears it, and what each member reads. */
export interface NetworkEmail {
  ownerUserId: number;
  contentFor(member: NetworkMember): Omit<MailMessage, 'to'>;
}

/** A kind's e-mail about `subjectId`, or null once it means nothing (the alert ended, the phone was found). */
export type FindNetworkEmail = (ctx: AppContext, subjectId: number) => Promise<NetworkEmail | null>;

const send = (ctx: AppContext, email: NetworkEmail, member: NetworkMember) =>
  ctx.mailer.send({ to: member.email, ...email.contentFor(member) });

/** The network hears of an SOS, and of lost mode turned on, from the durable events that say so. */
export function subscribeNetworkEmails(
  ctx: AppContext,
  findEmail: Record<NetworkEmailKind, FindNetworkEmail>,
): void {
  const mailAbout = async (about: NetworkEmailSubject, eventId: number | null) => {
    const email = await findEmail[about.kind](ctx, about.subjectId);
    if (email) await tryEveryMember(ctx, about, email, eventId);
  };
  ctx.events.on('alertRaised', 'network', ({ alertId }, { eventId }) =>
    mailAbout({ kind: 'alert', subjectId: alertId }, eventId),
  );
  ctx.events.on('lostModeChanged', 'network', async ({ deviceRowId, isLost }, { eventId }) => {
    if (isLost) await mailAbout({ kind: 'lostPhone', subjectId: deviceRowId }, eventId);
  });
}

/**
 * The first try, to every accepted member at once: a failure does not stop the others, and is logged
 * and kept for the retry job (decision 025).
 */
async function tryEveryMember(
  ctx: AppContext,
  about: NetworkEmailSubject,
  email: NetworkEmail,
  eventId: number | null,
) {
  await Promise.all(
    (await listAcceptedMembers(ctx, email.ownerUserId)).map(async (member) => {
      try {
        const message = { to: member.email, ...email.contentFor(member) };
        if (eventId === null) await ctx.mailer.send(message);
        else await sendOnce(ctx, `network:${about.kind}:${eventId}:${member.userId}`, message);
      } catch (error) {
        ctx.log.error({ err: error, ...about }, 'could not e-mail a member of the network');
        await ctx.db
          .insert(networkEmailRetries)
          .values({
            ...about,
            memberUserId: member.userId,
            attempts: 1,
            nextAttemptAt: new Date(ctx.now().getTime() + NETWORK_EMAIL_RETRY_DELAYS_MS[0]!),
          })
          .onConflictDoNothing();
      }
    }),
  );
}

/**
 * The retry job's part (network.jobs.ts): the retries that are due, each claimed by one conditional
 * UPDATE that counts the try and books the next one, so two servers (or two runs) never send the
 * same try twice. A retry whose e-mail means nothing any more, or whose member has left the network,
 * goes unsent.
 */
export async function retryNetworkEmails(
  ctx: AppContext,
  findEmail: Record<NetworkEmailKind, FindNetworkEmail>,
): Promise<void> {
  const now = ctx.now().getTime();
  const due = await ctx.db
    .select()
    .from(networkEmailRetries)
    .where(lte(networkEmailRetries.nextAttemptAt, new Date(now)))
    .orderBy(asc(networkEmailRetries.nextAttemptAt))
    .limit(RETRIES_PER_SWEEP);
  for (const retry of due) {
    const attempts = retry.attempts + 1;
    const [claimed] = await ctx.db
      .update(networkEmailRetries)
      .set({
        attempts,
        // after the last try the row is deleted below; the far date only keeps it out of the way
        nextAttemptAt: new Date(now + (NETWORK_EMAIL_RETRY_DELAYS_MS[attempts - 1] ?? 86_400_000)),
      })
      .where(and(eq(networkEmailRetries.id, retry.id), eq(networkEmailRetries.attempts, retry.attempts)))
      .returning({ id: networkEmailRetries.id });
    if (!claimed) continue;
    const forget = () => ctx.db.delete(networkEmailRetries).where(eq(networkEmailRetries.id, retry.id));
    const email = await findEmail[retry.kind](ctx, retry.subjectId);
    const members = email ? await listAcceptedMembers(ctx, email.ownerUserId) : [];
    const member = members.find((candidate) => candidate.userId === retry.memberUserId);
    if (!email || !member) {
      await forget();
      continue;
    }
    try {
      await send(ctx, email, member);
      await forget();
    } catch (error) {
      const isLast = attempts > NETWORK_EMAIL_RETRY_DELAYS_MS.length;
      ctx.log.error(
        { err: error, kind: retry.kind, subjectId: retry.subjectId, attempts },
        isLast ? 'gave up e-mailing a member of the network' : 'could not e-mail a member of the network',
      );
      if (isLast) await forget();
    }
  }
}
