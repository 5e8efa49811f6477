/**
 * An e-mail a durable event's handler sends at most once per key (decision 055): the key names the
 * event and the person (`network:alert:<event id>:<member>`), so a repeat of the delivery after a
 * crash, or a second process taking a lapsed lease, finds it sent. The key is written after the mail
 * server took the message: a crash in that instant may send it once more, never lose it.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { sentEmails } from './outbox.schema.ts';

/** Sends `message` unless an e-mail of `key` was sent; returns whether it sent it now. */
export async function sendOnce(ctx: AppContext, key: string, message: MailMessage): Promise<boolean> {
  const [sent] = await ctx.db.select({ key: sentEmails.key }).from(sentEmails).where(eq(sentEmails.key, key));
  if (sent) return false;
  await ctx.mailer.send(message);
  await ctx.db.insert(sentEmails).values({ key, sentAt: ctx.now() }).onConflictDoNothing();
  return true;
}
