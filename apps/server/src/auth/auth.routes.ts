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
  route(login, ({ body }) => signIn(ctx, body));
  route(signUpByCode, ({ body }) => signUp(ctx, body));
  route(forgotPass, ({ body }) => sendPasswordReset(ctx, body));
  route(findResetToken, ({ body }) => findResetEmail(ctx, body.token));
  route(resetPass, ({ body }) => resetPassword(ctx, body));
  route(logout, async ({ auth }) => {
    await revokeSession(ctx, auth.sessionId);
    // a panel signed out must stop hearing about the phones at once
    ctx.realtime.disconnectPanels({ sessionId: auth.sessionId });
  });
  route(validatePass, ({ auth, body }) => confirmPassword(ctx, auth.userId, body.password));
}
