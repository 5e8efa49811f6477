/** Taking a phone off an account, ending what every feature declares it left open. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerDeviceRemovalRoutes } from './device-removal.routes.ts';

export const deviceRemovalFeature = defineFeature({
  name: 'device-removal',
  routes: ({ route, ctx }) => registerDeviceRemovalRoutes(route, ctx),
});
