/** What the panel asks of the server's settings. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerConfigRoutes } from './config.routes.ts';

export const configFeature = defineFeature({
  name: 'config',
  routes: ({ route, ctx }) => registerConfigRoutes(route, ctx),
});
