/** E-mails before a plan ends. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { planRemindersJob } from './reminders.jobs.ts';
import { remindersData } from './reminders.data.ts';

export const remindersFeature = defineFeature({
  name: 'reminders',
  jobs: [planRemindersJob],
  data: remindersData,
});
