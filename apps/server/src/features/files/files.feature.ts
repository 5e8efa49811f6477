/** Stored files reached through signed, expiring links. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerFileRoutes } from './files.routes.ts';
import { storageCommands } from './files.admin.ts';

export const filesFeature = defineFeature({
  name: 'files',
  routes: ({ app, ctx }) => registerFileRoutes(app, ctx),
  admin: storageCommands,
});
