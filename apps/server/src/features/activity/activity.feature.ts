/** The account's activity log and its security e-mails. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerActivityRoutes } from './activity.routes.ts';
import { activityData } from './activity.data.ts';

export const activityFeature = defineFeature({
  name: 'activity',
  routes: ({ route, ctx }) => registerActivityRoutes(route, ctx),
  data: activityData,
});
