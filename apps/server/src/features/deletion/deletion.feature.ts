/** Closing an account, after a wait the owner can cancel, erasing what every feature declares. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerDeletionRoutes } from './deletion.routes.ts';
import { deleteDueAccountsJob } from './deletion.jobs.ts';
import { deletionData } from './deletion.data.ts';

export const deletionFeature = defineFeature({
  name: 'deletion',
  routes: ({ route, ctx }) => registerDeletionRoutes(route, ctx),
  jobs: [deleteDueAccountsJob],
  data: deletionData,
});
