/** The orders' scheduled work (lib/jobs): undelivered orders past COMMAND_PENDING_DAYS expire (decision 043). */
import { defineJob } from '../../lib/jobs/jobs.ts';
import { expireStaleCommands } from './command-delivery.ts';

export const expireCommandsJob = defineJob({
  name: 'expire-commands',
  // ours: an order expires at most a minute after its COMMAND_PENDING_DAYS; a connecting phone expires its own at once
  everySeconds: 60,
  // the next minute's run does the same work: a short retry is enough
  retry: { limit: 2, delaySeconds: 10 },
  run: (ctx) => expireStaleCommands(ctx),
});
