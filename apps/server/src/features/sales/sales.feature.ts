/** Sales by referral: the profile, the referred accounts and their commissions. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerSalesRoutes } from './sales.routes.ts';
import { subscribeSalesToSignUps } from './sales.events.ts';
import { salesData } from './sales.data.ts';

export const salesFeature = defineFeature({
  name: 'sales',
  routes: ({ route, ctx }) => registerSalesRoutes(route, ctx),
  subscribe: subscribeSalesToSignUps,
  data: salesData,
});
