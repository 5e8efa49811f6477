/**
 * The deletion sweep (lib/jobs, decision 038): accounts whose scheduled deletion is due are deleted,
 * and the files of deleted accounts still in the store are removed (deletion.service.ts).
 */
import { defineJob } from '../../lib/jobs/jobs.ts';
import { deleteDueAccounts } from './deletion.service.ts';

export const deleteDueAccountsJob = defineJob({
  name: 'delete-due-accounts',
  // ours: an account goes within 15 minutes of its date; a file that failed is tried again as often
  everySeconds: 15 * 60,
  retry: { limit: 3, delaySeconds: 60 },
  run: deleteDueAccounts,
});
