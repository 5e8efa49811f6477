/** Two-step sign-in, and the password (and code) asked again before what cannot be undone. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { registerTwoFactorRoutes } from './two-factor.routes.ts';
import { twoFactorCommands } from './two-factor.admin.ts';
import { accountCodeBackoff, twoFactorLimits } from './two-factor.limits.ts';
import { passwordAgainLimit } from './password-check.ts';
import { twoFactorData } from './two-factor.data.ts';

export const twoFactorFeature = defineFeature({
  name: 'two-factor',
  routes: ({ route, ctx }) => registerTwoFactorRoutes(route, ctx),
  admin: twoFactorCommands,
  limits: (ctx) => [...Object.values(twoFactorLimits(ctx.env)), accountCodeBackoff, passwordAgainLimit],
  data: twoFactorData,
});
