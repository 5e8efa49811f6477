/** The review of an account taken back by its owner. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerAccountReviewRoutes } from './account-review.routes.ts';
import { accountReviewData } from './account-review.data.ts';

export const accountReviewFeature = defineFeature({
  name: 'account-review',
  routes: ({ route, ctx }) => registerAccountReviewRoutes(route, ctx),
  data: accountReviewData,
});
