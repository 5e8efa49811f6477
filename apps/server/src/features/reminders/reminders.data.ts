/** The plan-end reminders sent to an account (lib/personal-data.ts). */
import { definePersonalData } from '../../lib/personal-data.ts';
import { planReminders } from './reminders.schema.ts';

export const remindersData = definePersonalData({ tables: [planReminders] });
