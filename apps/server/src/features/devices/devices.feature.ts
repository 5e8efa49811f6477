/** An account's phones: registration, their reported state, and their realtime link. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerDeviceRoutes } from './devices.routes.ts';
import { registerDeviceMessages } from './devices.messages.ts';
import { subscribeDevicesToRemovals } from './devices.events.ts';
import { devicesData } from './devices.data.ts';

export const devicesFeature = defineFeature({
  name: 'devices',
  routes: ({ route, ctx }) => registerDeviceRoutes(route, ctx),
  messages: registerDeviceMessages,
  subscribe: subscribeDevicesToRemovals,
  data: devicesData,
});
