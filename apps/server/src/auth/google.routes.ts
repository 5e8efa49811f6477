/**
 * Google sign-in's three endpoints (issue 14, decision 014). The start and the callback are browser
 * navigations, so they always answer a redirect, never JSON: to the provider, to
 * `/login?social_access_token=…`, or back to `/login?social_error=…` with the reason the panel explains
 * in Spanish. They are plain routes (like Flow's callbacks), documented in the OpenAPI document too.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  googleCallbackQuerySchema,
  loginWithGoogleToken,
  routes,
  type SocialSignInError,
} from '@escudo/contract';
import type { AppContext } from '../lib/context.ts';
import type { Route } from '../lib/http/routes.ts';
import { createGoogleOidc } from './google-oidc.ts';
import { clearSignInCookieHeader, readSignInCookie, signInCookieHeader } from './google-cookie.ts';
import { signInWithProvider, tradeSocialToken } from './google.service.ts';

const backToLogin = (reply: FastifyReply, reason: SocialSignInError) =>
  reply.redirect(`/login?social_error=${reason}`, 302);

export function registerGoogleSignInRoutes(app: FastifyInstance, route: Route, ctx: AppContext): void {
  const google = createGoogleOidc(ctx.env);

  route(loginWithGoogleToken, ({ body, request }) => tradeSocialToken(ctx, body.access_token, request.ip));

  app.get(
    routes.googleSignInStart.path,
    {
      schema: {
        summary: "Start Google sign-in: 302 to the provider (or to /login?social_error=… when it can't)",
        tags: ['social-oauth'],
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!google) return backToLogin(reply, 'unavailable');
      let start;
      try {
        start = await google.startSignIn();
      } catch (error) {
        ctx.log.warn({ err: error }, 'Google sign-in: the provider could not be discovered');
        return backToLogin(reply, 'provider');
      }
      reply.header('set-cookie', signInCookieHeader(ctx, start));
      return reply.redirect(start.url.href, 302);
    },
  );

  app.get(
    routes.googleSignInCallback.path,
    {
      schema: {
        summary:
          "The provider's return (code, state, or error): 302 to /login?social_access_token=… (single use, 2 minutes) or to /login?social_error=…",
        tags: ['social-oauth'],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // whatever happens, this sign-in's state is spent
      reply.header('set-cookie', clearSignInCookieHeader(ctx));
      if (!google) return backToLogin(reply, 'unavailable');
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const query = googleCallbackQuerySchema.safeParse(request.query);
      if (!query.success) return backToLogin(reply, 'provider');
      const { error, state, code } = query.data;
      if (error) {
        ctx.log.info({ providerError: error }, 'Google sign-in: the provider answered an error');
        return backToLogin(reply, error === 'access_denied' ? 'cancelled' : 'provider');
      }
      const cookie = readSignInCookie(ctx, request.headers.cookie);
      if (!cookie || !state || state !== cookie.state) return backToLogin(reply, 'state');
      if (!code) return backToLogin(reply, 'provider');
      let claims;
      try {
        claims = await google.finishSignIn(rawQuery, cookie);
      } catch (failure) {
        ctx.log.warn({ err: failure }, 'Google sign-in: the code exchange or the ID token failed');
        return backToLogin(reply, 'provider');
      }
      let result;
      try {
        result = await signInWithProvider(ctx, claims);
      } catch (failure) {
        // a person in the middle of signing in gets the Login page back, not a JSON error
        ctx.log.error({ err: failure }, 'Google sign-in: the account could not be found or made');
        return backToLogin(reply, 'provider');
      }
      if (!result.ok) return backToLogin(reply, result.reason);
      return reply.redirect(
        `/login?social_access_token=${encodeURIComponent(result.socialAccessToken)}`,
        302,
      );
    },
  );
}
