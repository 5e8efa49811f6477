/** Chile's regions, comunas and cuadrantes. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerGeographyRoutes } from './geography.routes.ts';

export const geographyFeature = defineFeature({
  name: 'geography',
  routes: ({ route, ctx }) => registerGeographyRoutes(route, ctx),
});
