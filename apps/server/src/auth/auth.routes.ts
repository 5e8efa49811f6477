import {
  PANEL_DEVICE_ID_PREFIX,
  createFirebaseAuthToken,
  findResetToken,
  forgotPass,
  login,
  loginTwoFactor,
  logout,
  resetPass,
  signUpByCode,
  validatePass,
} from '@escudo/contract';
import type { AppContext } from '../lib/context.ts';
import { AppError } from '../lib/app-error.ts';
import type { Route } from '../lib/http/routes.ts';
import { createPanelToken } from '../lib/realtime/panel-token.ts';
import { clientOriginOf } from '../lib/http/client-origin.ts';
import {
  confirmPassword,
  findResetEmail,
  resetPassword,
  sendPasswordReset,
  signIn,
  signInSecondStep,
  signUp,
} from './auth.service.ts';
import { revokeSession } from './sessions.ts';

export function registerAuthRoutes(route: Route, ctx: AppContext): void {
  route(login, ({ body, request }) => signIn(ctx, body, request.ip));
  route(loginTwoFactor, ({ body, request }) => signInSecondStep(ctx, body, clientOriginOf(request)));
  route(signUpByCode, ({ body, request }) => signUp(ctx, body, request.ip));
  route(forgotPass, ({ body, request }) => sendPasswordReset(ctx, body, request.ip));
  route(findResetToken, ({ body }) => findResetEmail(ctx, body.token));
  route(resetPass, ({ body }) => resetPassword(ctx, body));
  route(logout, async ({ auth }) => {
    await revokeSession(ctx, auth.sessionId);
    // a panel signed out must stop hearing about the phones at once
    ctx.realtime.disconnectPanels({ sessionId: auth.sessionId });
  });
  route(validatePass, ({ auth, body }) => confirmPassword(ctx, auth, body.password, body.code));
  // spec 7: the panel names itself with a fixed prefix and its user id; any other name is not its own
  route(createFirebaseAuthToken, async ({ auth, body }) => {
    if (body.device_id !== `${PANEL_DEVICE_ID_PREFIX}${auth.userId}`) {
      throw new AppError('VALIDATION', 'Identificador de panel inválido.', {
        device_id: `Debe ser ${PANEL_DEVICE_ID_PREFIX}${auth.userId}`,
      });
    }
    return { customToken: createPanelToken(ctx, auth) };
  });
}
