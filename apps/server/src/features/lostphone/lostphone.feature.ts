/** Lost mode: lock, wipe and lost mode ordered from the panel, and what a lost phone reports. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerLostPhoneRoutes } from './lostphone.routes.ts';
import { deleteOldLostReportsJob } from './lostphone.jobs.ts';
import { subscribeLateOrdersEmail } from './late-orders-email.ts';
import { subscribeOrderNotices } from './order-notice.ts';
import { lostPhoneData } from './lostphone.data.ts';

export const lostphoneFeature = defineFeature({
  name: 'lostphone',
  routes: ({ route, ctx }) => registerLostPhoneRoutes(route, ctx),
  subscribe: (ctx) => {
    subscribeLateOrdersEmail(ctx);
    subscribeOrderNotices(ctx);
  },
  jobs: [deleteOldLostReportsJob],
  data: lostPhoneData,
});
