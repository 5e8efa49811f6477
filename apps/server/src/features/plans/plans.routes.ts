import { getPlanes, getToPayData } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import { planIncludes } from './plans.schema.ts';
import { findPlanOrThrow, listPlans } from './plans.service.ts';
import { quotePlan } from './pricing.ts';

export function registerPlanRoutes(route: Route, ctx: AppContext): void {
  route(getPlanes, async () => ({
    planes: await listPlans(ctx),
    includes: await ctx.db.select().from(planIncludes).orderBy(planIncludes.id),
  }));
  route(getToPayData, async ({ body }) =>
    quotePlan(await findPlanOrThrow(ctx, body.plan_id), body.months_paid),
  );
}
