/**
 * The deletion sweep (lib/jobs, decision 038): accounts whose scheduled deletion is due are deleted
 * (deletion.service.ts); their files leave the store through the outbox (lib/storage/released-files.ts).
 */
import { defineJob } from '../../lib/jobs/jobs.ts';
import { deleteDueAccounts } from './deletion.service.ts';

export const deleteDueAccountsJob = defineJob({
  name: 'delete-due-accounts',
  // ours: an account goes within 15 minutes of its date
  everySeconds: 15 * 60,
  retry: { limit: 3, delaySeconds: 60 },
  run: deleteDueAccounts,
});
