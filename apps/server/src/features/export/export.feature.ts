/** A copy of everything the account holds, as a ZIP, from what every feature declares. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerExportRoutes } from './export.routes.ts';
import { deleteExpiredDataExportsJob } from './export.jobs.ts';
import { subscribeExportToRequests } from './export.events.ts';
import { exportData } from './export.data.ts';

export const exportFeature = defineFeature({
  name: 'export',
  routes: ({ app, route, ctx }) => registerExportRoutes(app, route, ctx),
  subscribe: subscribeExportToRequests,
  jobs: [deleteExpiredDataExportsJob],
  data: exportData,
});
