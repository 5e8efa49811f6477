/**
 * A sign-up through a sponsor's link (`sponsor_code`) starts the sponsor's plan for its months instead
 * of the starter trial, at no cost, with the same period rule as a paid plan (plans/plan-period.ts),
 * so Home and Planes show it like one. An account refers to its sponsor (users.sponsor_id), so sponsors
 * sit below accounts: this runs on the account's side and only asks sponsors.service.ts for the sponsor.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { userPlans, users } from './accounts.schema.ts';
import { nextPlanPeriod } from '../plans/plan-period.ts';
import { findSponsorForSignUp } from '../sponsors/sponsors.service.ts';

export function subscribeAccountsToSignUps(ctx: AppContext): void {
  ctx.events.on('userSignedUp', 'accounts', async ({ userId, sponsorCode }) => {
    if (!sponsorCode) return;
    const sponsor = await findSponsorForSignUp(ctx, sponsorCode);
    const period = nextPlanPeriod({
      current: null,
      plan: { id: sponsor.planId, price: 0 },
      months: sponsor.months,
      now: ctx.now(),
    });
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ sponsorId: sponsor.id }).where(eq(users.id, userId));
      await tx
        .update(userPlans)
        .set({ planId: sponsor.planId, ...period })
        .where(eq(userPlans.userId, userId));
    });
  });
}
