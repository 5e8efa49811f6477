/** A sign-up through a referral link (`sharecode`) records its referrer, whose sales count it. */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { users } from '../accounts/accounts.schema.ts';
import { findReferrer } from './sales.service.ts';

export function subscribeSalesToSignUps(ctx: AppContext): void {
  ctx.events.on('userSignedUp', 'sales', async ({ userId, shareCode }) => {
    if (!shareCode) return;
    const referrer = await findReferrer(ctx, shareCode, userId);
    await ctx.db.update(users).set({ referredByUserId: referrer.id }).where(eq(users.id, userId));
  });
}
