/**
 * The owner's security e-mail about a lock, lost-mode or wipe order (decision 036, amended by 058),
 * from the durable event the order recorded when one was due (lib/events.ts `orderNoticeDue`):
 * delivered through the job queue, apart from the order's request, once per event
 * (lib/outbox/send-once.ts), and tried again by the outbox while the mail server does not take it.
 */
import type { AppContext } from '../../lib/context.ts';
import { sendOnce } from '../../lib/outbox/send-once.ts';
import { composeSecurityNotice } from '../activity/security-notice.ts';

export function subscribeOrderNotices(ctx: AppContext): void {
  ctx.events.on('orderNoticeDue', 'lostphone', async ({ userId, kind, origin, detail, at }, { eventId }) => {
    // it says when the order was given, not when the e-mail went out
    const message = await composeSecurityNotice(ctx, { userId, kind, origin, detail }, new Date(at));
    if (message) await sendOnce(ctx, `order-notice:${eventId}`, message);
  });
}
