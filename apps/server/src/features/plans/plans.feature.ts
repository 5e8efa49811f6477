/** The plan catalogue, its prices and the period rule. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerPlanRoutes } from './plans.routes.ts';

export const plansFeature = defineFeature({
  name: 'plans',
  routes: ({ route, ctx }) => registerPlanRoutes(route, ctx),
});
