import { twoFactorConfirm, twoFactorDisable, twoFactorStart } from '@escudo/contract';
import type { AppContext } from '../lib/context.ts';
import type { Route } from '../lib/http/routes.ts';
import { clientOriginOf } from '../lib/http/client-origin.ts';
import { confirmTwoFactor, disableTwoFactor, startTwoFactor } from './two-factor.service.ts';
import { twoFactorLimits } from './two-factor.limits.ts';
import { requirePasswordAgain } from './password-check.ts';

/** app/account/twoFactor/*: the signed-in owner turns two-step sign-in on and off (issue 29 item 2) */
export function registerTwoFactorRoutes(route: Route, ctx: AppContext): void {
  route(twoFactorStart, async ({ auth, body }) => {
    // the password first: a stolen session must not be able to turn it on and lock the owner out
    const forgiveTries = await requirePasswordAgain(ctx, auth, twoFactorLimits(ctx.env).disableSession, {
      password: body.password,
      secondStep: false,
    });
    const started = await startTwoFactor(ctx, auth.userId);
    await forgiveTries(ctx.db);
    return started;
  });
  route(twoFactorConfirm, ({ auth, body, request }) =>
    confirmTwoFactor(ctx, auth.userId, body.code, clientOriginOf(request)),
  );
  route(twoFactorDisable, ({ auth, body, request }) =>
    disableTwoFactor(ctx, auth, body, clientOriginOf(request)),
  );
}
