/** The network's scheduled work (lib/jobs): failed e-mails to members go again (decisions 023–025). */
import { defineJob } from '../../lib/jobs/jobs.ts';
import type { NetworkEmailKind } from './network.schema.ts';
import { retryNetworkEmails, type FindNetworkEmail } from './mail-network.ts';

/** What each kind of e-mail says belongs to the raising feature: context.ts passes the look-ups in. */
export const retryNetworkEmailsJob = (findEmail: Record<NetworkEmailKind, FindNetworkEmail>) =>
  defineJob({
    name: 'retry-network-emails',
    // the retry delays (NETWORK_EMAIL_RETRY_DELAYS_MS: 1, 5, 15 minutes) are counted in minutes
    everySeconds: 60,
    // each e-mail's own tries are counted on its row; a failed run is just tried again soon
    retry: { limit: 2, delaySeconds: 10 },
    run: (ctx) => retryNetworkEmails(ctx, findEmail),
  });
