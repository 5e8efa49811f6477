/** The data exports' scheduled work (lib/jobs, decision 029; decision 037). */
import { defineJob } from '../../lib/jobs/jobs.ts';
import { deleteExpiredDataExports, prepareDataExports } from './export.service.ts';

export const prepareDataExportsJob = defineJob({
  name: 'prepare-data-exports',
  // ours: a request triggers a run at once; the schedule picks up what a dead process or a failed
  // e-mail left behind
  everySeconds: 60,
  // a failed export goes back to pending (failed after DATA_EXPORT_MAX_ATTEMPTS): run again later
  retry: { limit: 2, delaySeconds: 30 },
  run: prepareDataExports,
});

export const deleteExpiredDataExportsJob = defineJob({
  name: 'delete-expired-data-exports',
  // ours: a file past its 24 hours is already refused by every link; removing it may wait the hour
  everySeconds: 60 * 60,
  retry: { limit: 3, delaySeconds: 60 },
  run: deleteExpiredDataExports,
});
