/** A sign-up through an invitation (`security_code`) joins the network of whoever sent it. */
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { acceptInvitation } from './network.service.ts';

export function subscribeNetworkToSignUps(ctx: AppContext): void {
  ctx.events.on('userSignedUp', 'network', async ({ userId, securityCode }) => {
    if (!securityCode) return;
    // the code was valid a moment ago; should someone else have used it meanwhile, the account stands
    // (it was asked for) and the person is told by the panel's lists, not by a failed sign-up
    await acceptInvitation(ctx, userId, securityCode).catch((error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      ctx.log.warn({ code: error.code }, 'sign-up: the invitation could not be accepted');
    });
  });
}
