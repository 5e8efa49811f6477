/**
 * The data exports' scheduled work (lib/jobs, decision 029; decision 037). The exports themselves are
 * made by the outbox's delivery of their event (export.events.ts).
 */
import { defineJob } from '../../lib/jobs/jobs.ts';
import { deleteExpiredDataExports } from './export.service.ts';

export const deleteExpiredDataExportsJob = defineJob({
  name: 'delete-expired-data-exports',
  // ours: a file past its 24 hours is already refused by every link; removing it may wait the hour
  everySeconds: 60 * 60,
  retry: { limit: 3, delaySeconds: 60 },
  run: deleteExpiredDataExports,
});
