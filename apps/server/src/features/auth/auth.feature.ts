/** Signing up and in (by e-mail or Google), sessions, e-mail verification and changes, password resets. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { registerGoogleSignInRoutes } from './google.routes.ts';
import { applyDueEmailChangesJob, deleteEndedSignInTokensJob } from './auth.jobs.ts';
import { authLimits } from './auth.limits.ts';
import { authData } from './auth.data.ts';

export const authFeature = defineFeature({
  name: 'auth',
  routes({ app, route, ctx }) {
    registerAuthRoutes(route, ctx);
    registerGoogleSignInRoutes(app, route, ctx);
  },
  jobs: [applyDueEmailChangesJob, deleteEndedSignInTokensJob],
  limits: (ctx) => Object.values(authLimits(ctx.env)),
  data: authData,
});
