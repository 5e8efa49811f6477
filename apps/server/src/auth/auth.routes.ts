import {
  PANEL_DEVICE_ID_PREFIX,
  changeEmail,
  resendVerification,
  verifyEmail,
  createFirebaseAuthToken,
  findResetToken,
  forgotPass,
  login,
  logout,
  resetPass,
  signUpByCode,
  validatePass,
} from '@escudo/contract';
import type { AppContext } from '../lib/context.ts';
import { AppError } from '../lib/app-error.ts';
import type { Route } from '../lib/http/routes.ts';
import { createPanelToken } from '../lib/realtime/panel-token.ts';
import {
  confirmPassword,
  findResetEmail,
  resetPassword,
  sendPasswordReset,
  signIn,
  signUp,
} from './auth.service.ts';
import { revokeSession } from './sessions.ts';
import { clientOriginOf } from '../lib/http/client-origin.ts';
import { openEmailLink, requestEmailChange, resendVerification as resend } from './email-verification.ts';

export function registerAuthRoutes(route: Route, ctx: AppContext): void {
  route(login, ({ body, request }) => signIn(ctx, body, request.ip));
  route(signUpByCode, ({ body, request }) => signUp(ctx, body, request.ip));
  route(forgotPass, ({ body, request }) => sendPasswordReset(ctx, body, request.ip));
  route(findResetToken, ({ body }) => findResetEmail(ctx, body.token));
  route(resetPass, ({ body }) => resetPassword(ctx, body));
  route(logout, async ({ auth }) => {
    await revokeSession(ctx, auth.sessionId);
    // a panel signed out must stop hearing about the phones at once
    ctx.realtime.disconnectPanels({ sessionId: auth.sessionId });
  });
  // e-mail verification and change (decision 034)
  route(verifyEmail, ({ body, request }) => openEmailLink(ctx, body.token, clientOriginOf(request)));
  route(resendVerification, ({ auth }) => resend(ctx, auth.userId));
  route(changeEmail, ({ auth, body }) => requestEmailChange(ctx, auth, body));
  route(validatePass, ({ auth, body }) => confirmPassword(ctx, auth, body.password));
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
