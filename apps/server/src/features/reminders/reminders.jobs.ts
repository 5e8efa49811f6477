/** The reminders' scheduled work (lib/jobs). */
import { defineJob } from '../../lib/jobs/jobs.ts';
import { sendPlanReminders } from './reminders.service.ts';

export const planRemindersJob = defineJob({
  name: 'plan-reminders',
  // ours: a reminder goes at most 15 minutes after it falls due, a day or a week before the end
  everySeconds: 15 * 60,
  // each reminder's claim is given back when its send fails, so a failed run is simply run again
  retry: { limit: 3, delaySeconds: 60 },
  run: sendPlanReminders,
});
