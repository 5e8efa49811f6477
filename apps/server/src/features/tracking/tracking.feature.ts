/** Live routes: a phone's positions while tracking is on. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerTrackingRoutes } from './tracking.routes.ts';
import { registerTrackingMessages } from './tracking.messages.ts';
import { deleteOldRoutePointsJob } from './tracking.jobs.ts';
import { trackingData } from './tracking.data.ts';

export const trackingFeature = defineFeature({
  name: 'tracking',
  routes: ({ route, ctx }) => registerTrackingRoutes(route, ctx),
  messages: registerTrackingMessages,
  jobs: [deleteOldRoutePointsJob],
  data: trackingData,
});
