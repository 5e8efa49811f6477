/** SOS alerts raised by a phone, followed by the network on a public link. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerAlertRoutes } from './alerts.routes.ts';
import { deleteOldAlertPositionsJob } from './alerts.jobs.ts';
import { alertLimits } from './alerts.limits.ts';
import { alertsData } from './alerts.data.ts';

export const alertsFeature = defineFeature({
  name: 'alerts',
  routes: ({ route, ctx }) => registerAlertRoutes(route, ctx),
  jobs: [deleteOldAlertPositionsJob],
  limits: () => Object.values(alertLimits),
  data: alertsData,
});
