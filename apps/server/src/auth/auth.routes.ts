import {
  findResetToken,
  forgotPass,
  login,
  logout,
  resetPass,
  signUpByCode,
  validatePass,
} from '@escudo/contract';
import type { AppContext } from '../context.ts';
import type { Route } from '../lib/http/routes.ts';
import {
  confirmPassword,
  findResetEmail,
  resetPassword,
  sendPasswordReset,
  signIn,
  signUp,
} from './auth.service.ts';
import { revokeSession } from './sessions.ts';

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
  route(validatePass, ({ auth, body }) => confirmPassword(ctx, auth, body.password));
}
