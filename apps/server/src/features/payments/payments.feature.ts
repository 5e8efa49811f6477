/** Paying for a plan through Flow (or its built-in sandbox). Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerPaymentRoutes } from './payments.routes.ts';
import { paymentsData } from './payments.data.ts';

export const paymentsFeature = defineFeature({
  name: 'payments',
  routes: ({ app, route, ctx }) => registerPaymentRoutes(app, route, ctx),
  data: paymentsData,
});
