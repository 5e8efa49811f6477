import { twoFactorConfirm, twoFactorDisable, twoFactorStart } from '@escudo/contract';
import type { AppContext } from '../lib/context.ts';
import type { Route } from '../lib/http/routes.ts';
import { clientOriginOf } from '../lib/http/client-origin.ts';
import { confirmTwoFactor, disableTwoFactor, startTwoFactor } from './two-factor.service.ts';

/** app/account/twoFactor/*: the signed-in owner turns two-step sign-in on and off (issue 29 item 2) */
export function registerTwoFactorRoutes(route: Route, ctx: AppContext): void {
  route(twoFactorStart, ({ auth }) => startTwoFactor(ctx, auth.userId));
  route(twoFactorConfirm, ({ auth, body, request }) =>
    confirmTwoFactor(ctx, auth.userId, body.code, clientOriginOf(request)),
  );
  route(twoFactorDisable, ({ auth, body, request }) =>
    disableTwoFactor(ctx, auth, body, clientOriginOf(request)),
  );
}
