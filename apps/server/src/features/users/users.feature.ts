/** The panel's account calls: details, profile, avatar. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerUserRoutes } from './users.routes.ts';

export const usersFeature = defineFeature({
  name: 'users',
  routes: ({ route, ctx }) => registerUserRoutes(route, ctx),
});
