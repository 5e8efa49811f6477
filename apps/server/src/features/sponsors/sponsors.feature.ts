/** Sponsors whose link starts their plan for a new account. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerSponsorRoutes } from './sponsors.routes.ts';
import { sponsorCommands } from './sponsors.admin.ts';

export const sponsorsFeature = defineFeature({
  name: 'sponsors',
  routes: ({ route, ctx }) => registerSponsorRoutes(route, ctx),
  admin: sponsorCommands,
});
