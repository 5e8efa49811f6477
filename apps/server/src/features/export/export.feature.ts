/** A copy of everything the account holds, as a ZIP, from what every feature declares. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerExportRoutes } from './export.routes.ts';
import { deleteExpiredDataExportsJob, prepareDataExportsJob } from './export.jobs.ts';
import { exportData } from './export.data.ts';

export const exportFeature = defineFeature({
  name: 'export',
  routes({ app, route, ctx, jobs }) {
    // an export asked for is made by its job at once, in whichever process takes it
    registerExportRoutes(app, route, ctx, { prepareSoon: () => jobs.trigger(prepareDataExportsJob.name) });
  },
  jobs: [prepareDataExportsJob, deleteExpiredDataExportsJob],
  data: exportData,
});
