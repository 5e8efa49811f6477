import { twoFactorConfirm, twoFactorDisable, twoFactorStart } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import { AppError } from '../../lib/app-error.ts';
import { clientOriginOf } from '../../lib/http/client-origin.ts';
import { confirmTwoFactor, disableTwoFactor, isTwoFactorOn, startTwoFactor } from './two-factor.service.ts';
import { checkPasswordAgain, requirePasswordAgain } from './password-check.ts';

/**
 * app/account/twoFactor/*: the signed-in owner turns two-step sign-in on and off (decision 035).
 * Both re-ask the password through password-check.ts, on the one limit per session of every password
 * re-entered (decision 052).
 */
export function registerTwoFactorRoutes(route: Route, ctx: AppContext): void {
  route(twoFactorStart, async ({ auth, body }) => {
    // the password first: a stolen session must not be able to turn it on and lock the owner out
    const forgiveTries = await requirePasswordAgain(ctx, auth, {
      password: body.password,
      secondStep: false,
    });
    const started = await startTwoFactor(ctx, auth.userId);
    await forgiveTries(ctx.db);
    return started;
  });
  route(twoFactorConfirm, ({ auth, body, request }) =>
    confirmTwoFactor(ctx, auth, body.code, clientOriginOf(request)),
  );
  route(twoFactorDisable, async ({ auth, body, request }) => {
    // said before any password is tried, and without counting a try
    if (!(await isTwoFactorOn(ctx, auth.userId))) throw new AppError('TWO_FACTOR_OFF');
    // the password and a code (the app's or a recovery code, counted per account as at sign-in); an
    // account made with Google sets a password first ('¿Olvidaste tu contraseña?'), as for a wipe
    const checked = await checkPasswordAgain(ctx, auth, {
      password: body.password,
      code: body.code,
      secondStep: true,
    });
    if (!checked.isRight) throw new AppError('WRONG_PASSWORD');
    return disableTwoFactor(ctx, auth.userId, checked.forgive, clientOriginOf(request));
  });
}
