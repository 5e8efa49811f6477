import {
  PANEL_DEVICE_ID_PREFIX,
  accountSessions,
  changePassword,
  answerEmailChange,
  cancelEmailChange,
  changeEmail,
  confirmEmailChange,
  findEmailChange,
  resendVerification,
  verifyEmail,
  createFirebaseAuthToken,
  findResetToken,
  forgotPass,
  login,
  loginTwoFactor,
  logout,
  resetPass,
  revokeOtherSessions,
  revokeSession,
  signUpByCode,
  validatePass,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Route } from '../../lib/http/routes.ts';
import { clientOriginOf } from '../../lib/http/client-origin.ts';
import { addressKeyOf } from '../../lib/http/address-key.ts';
import { createPanelToken } from '../../lib/realtime/panel-token.ts';
import {
  changeOwnPassword,
  confirmPassword,
  findResetEmail,
  resetPassword,
  sendPasswordReset,
  signIn,
  signInSecondStep,
  signUp,
} from './auth.service.ts';
import { endOtherSessions, endOwnSession, listSessions, revokeSession as endSession } from './sessions.ts';
import { signInOriginOf } from './browser-cookie.ts';
import { openEmailLink, resendVerification as resend } from './email-verification.ts';
import {
  answerAsCurrentAddress,
  cancelOwnEmailChange,
  confirmNewAddress,
  describeChangeForCurrentAddress,
  requestEmailChange,
} from './email-change.ts';

export function registerAuthRoutes(route: Route, ctx: AppContext): void {
  route(login, ({ body, request, reply }) =>
    signIn(ctx, body, addressKeyOf(request.ip), signInOriginOf(ctx, request, reply)),
  );
  route(loginTwoFactor, ({ body, request, reply }) =>
    signInSecondStep(ctx, body, signInOriginOf(ctx, request, reply)),
  );
  route(signUpByCode, ({ body, request, reply }) =>
    signUp(ctx, body, addressKeyOf(request.ip), signInOriginOf(ctx, request, reply)),
  );
  route(forgotPass, ({ body, request }) => sendPasswordReset(ctx, body, addressKeyOf(request.ip)));
  route(findResetToken, ({ body }) => findResetEmail(ctx, body.token));
  route(resetPass, ({ body, request }) => resetPassword(ctx, body, clientOriginOf(request)));
  route(logout, async ({ auth, request }) => {
    await endSession(ctx, auth, clientOriginOf(request));
    // a panel signed out must stop hearing about the phones at once
    ctx.realtime.disconnectPanels({ sessionId: auth.sessionId });
  });
  route(validatePass, ({ auth, body }) => confirmPassword(ctx, auth, body.password, body.code));
  // the account's own sessions and password (decision 036)
  route(accountSessions, ({ auth }) => listSessions(ctx, auth));
  route(revokeSession, ({ auth, body, request }) =>
    endOwnSession(ctx, auth, body.session_id, clientOriginOf(request)),
  );
  route(revokeOtherSessions, ({ auth, request }) => endOtherSessions(ctx, auth, clientOriginOf(request)));
  route(changePassword, ({ auth, body, request }) =>
    changeOwnPassword(ctx, auth, body, clientOriginOf(request)),
  );
  // e-mail verification (decision 034) and change (decision 050)
  route(verifyEmail, ({ body, request }) => openEmailLink(ctx, body.token, clientOriginOf(request)));
  route(resendVerification, ({ auth }) => resend(ctx, auth.userId));
  route(changeEmail, ({ auth, body, request }) =>
    requestEmailChange(ctx, auth, body, clientOriginOf(request)),
  );
  route(confirmEmailChange, ({ auth, body, request }) =>
    confirmNewAddress(ctx, auth, body.token, clientOriginOf(request)),
  );
  route(cancelEmailChange, ({ auth, request }) => cancelOwnEmailChange(ctx, auth, clientOriginOf(request)));
  route(findEmailChange, ({ body }) => describeChangeForCurrentAddress(ctx, body.token));
  route(answerEmailChange, ({ body, request }) => answerAsCurrentAddress(ctx, body, clientOriginOf(request)));
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
