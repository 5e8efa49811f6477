/**
 * E-mails to the accepted members of a user's security network that must not be lost (decisions 023,
 * 024, 025, 055): an SOS (the alertRaised event) and a phone in lost mode (lostModeChanged). Nobody is
 * there to ask for them again. The events are durable (lib/events.ts): recorded with the change and
 * delivered through the job queue, apart from the phone's request, so a process that dies after the
 * commit loses none. A delivery tries every member at once, each e-mail once per event and member
 * (lib/outbox/send-once.ts); when one fails the delivery fails, and the outbox tries the event again
 * (lib/outbox/outbox.ts: after 10 s, 1, 5, 15 and 60 minutes), which sends only what is still unsent,
 * while it still means something. What a member reads is the raising feature's (alerts.emails.ts,
 * lost-mode-notice.ts), given by the assembly (app/features.ts).
 */
import type { AppContext } from '../../lib/context.ts';
import { sendOnce } from '../../lib/outbox/send-once.ts';
import type { MailMessage } from '../../lib/mail/mailer.ts';
import { listAcceptedMembers, type NetworkMember } from './network.members.ts';

/** what a network e-mail is about: an SOS (its alert) or a phone in lost mode (its device) */
export type NetworkEmailKind = 'alert' | 'lostPhone';

/** What an e-mail is about: an alert (its id) or a lost phone (its device's internal id). */
type NetworkEmailSubject = { kind: NetworkEmailKind; subjectId: number };

/** An e-mail about one subject (an alert, a phone): whose network hears it, and what each member reads. */
export interface NetworkEmail {
  ownerUserId: number;
  contentFor(member: NetworkMember): Omit<MailMessage, 'to'>;
}

/** A kind's e-mail about `subjectId`, or null once it means nothing (the alert ended, the phone was found). */
export type FindNetworkEmail = (ctx: AppContext, subjectId: number) => Promise<NetworkEmail | null>;

/** The network hears of an SOS, and of lost mode turned on, from the durable events that say so. */
export function subscribeNetworkEmails(
  ctx: AppContext,
  findEmail: Record<NetworkEmailKind, FindNetworkEmail>,
): void {
  // each try looks the e-mail up again: a retry of an alert that ended, or of a phone that was found,
  // sends nothing (decision 024), and a member who left the network is no longer in the list
  const mailAbout = async (about: NetworkEmailSubject, eventId: number) => {
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
 * Every accepted member at once: a failure does not stop the others (decision 025); it is logged, and
 * the delivery fails once all have been tried, so the outbox tries again those still unsent.
 */
async function tryEveryMember(
  ctx: AppContext,
  about: NetworkEmailSubject,
  email: NetworkEmail,
  eventId: number,
): Promise<void> {
  const members = await listAcceptedMembers(ctx, email.ownerUserId);
  const results = await Promise.allSettled(
    members.map(async (member) => {
      const message = { to: member.email, ...email.contentFor(member) };
      await sendOnce(ctx, `network:${about.kind}:${eventId}:${member.userId}`, message);
    }),
  );
  const failed = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  for (const error of failed) {
    ctx.log.error({ err: error, ...about }, 'could not e-mail a member of the network');
  }
  if (failed.length > 0) {
    throw new Error(`${failed.length} of ${members.length} members of the network were not e-mailed`);
  }
}
