/**
 * Google sign-in's three endpoints (decision 014). The start and the callback are browser
 * navigations, so they always answer a redirect, never JSON: to the provider, to
 * `/login?social_access_token=…` (with the hand-off cookie that alone can trade it), or back to
 * `/login?social_error=…` with the reason the panel explains in Spanish. They are plain routes (like Flow's callbacks), documented in the OpenAPI document too.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  SOCIAL_TOKEN_TTL_MS,
  googleCallbackQuerySchema,
  googleSignInStartQuerySchema,
  loginWithGoogleToken,
  routes,
  type SocialSignInError,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import { addressKeyOf } from '../../lib/http/address-key.ts';
import { createGoogleOidc } from './google-oidc.ts';
import {
  clearHandoffCookieHeader,
  clearSignInCookieHeader,
  handoffCookieHeader,
  readHandoffCookie,
  readSignInCookie,
  signInCookieHeader,
} from './google-cookie.ts';
import { createToken } from '../../lib/crypto/tokens.ts';
import { signInWithProvider, tradeSocialToken } from './google.service.ts';
import { signInOriginOf } from './browser-cookie.ts';
import { clientOriginOf } from '../../lib/http/client-origin.ts';
import { signUpCodesOf, type SignUpCodes } from './sign-up.ts';

const backToLogin = (reply: FastifyReply, reason: SocialSignInError) =>
  reply.redirect(`/login?social_error=${reason}`, 302);

type StartQuery = { [K in keyof typeof googleSignInStartQuerySchema.shape]?: string | null };

/**
 * The codes of the sign-up link the start was given (`?security_code=…&sharecode=…&sponsor_code=…`),
 * each read with sign-up's rule. A malformed one (not a code of ours: mistyped or forged, or given
 * twice) is left out and logged, and the sign-in goes on without it, rather than back to Login with a
 * social_error: the person chose to sign in with Google, and no social_error could tell them what is
 * wrong with the link; a well-formed code that is unknown is left out the same way at the callback
 * (checkSignUpCodes 'drop'), and Register has already shown them a bad invitation or sponsor.
 */
function startCodes(ctx: AppContext, query: unknown): SignUpCodes {
  const given = typeof query === 'object' && query !== null ? (query as Record<string, unknown>) : {};
  const codes: StartQuery = {};
  for (const [name, schema] of Object.entries(googleSignInStartQuerySchema.shape)) {
    const code = schema.safeParse(given[name]);
    if (code.success) codes[name as keyof StartQuery] = code.data;
    else ctx.log.warn({ field: name }, 'Google sign-in: a malformed code of the link was left out');
  }
  return signUpCodesOf(codes);
}

export function registerGoogleSignInRoutes(app: FastifyInstance, route: Route, ctx: AppContext): void {
  const google = createGoogleOidc(ctx.env);

  route(loginWithGoogleToken, ({ body, request, reply }) => {
    // the hand-off cookie is spent by any trade, won or lost
    reply.header('set-cookie', clearHandoffCookieHeader(ctx));
    return tradeSocialToken(
      ctx,
      body.access_token,
      readHandoffCookie(request.headers.cookie),
      addressKeyOf(request.ip),
      signInOriginOf(ctx, request, reply),
    );
  });

  app.get(
    routes.googleSignInStart.path,
    {
      schema: {
        summary: "Start Google sign-in: 302 to the provider (or to /login?social_error=… when it can't)",
        description:
          "The sign-up link's codes, if any, are kept for the account Google sign-in may make; a malformed one is left out.",
        tags: ['social-oauth'],
        querystring: googleSignInStartQuerySchema,
      },
      // the query is read code by code in the handler (startCodes): the schema above only documents it
      validatorCompiler: () => (data) => ({ value: data }),
      // a browser's redirect: an odd code is left out here, never answered with JSON (nul-guard.ts)
      config: { isNulGuarded: false },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!google) return backToLogin(reply, 'unavailable');
      let start;
      try {
        start = await google.startSignIn();
      } catch (error) {
        ctx.log.warn({ err: error }, 'Google sign-in: the provider could not be discovered');
        return backToLogin(reply, 'provider');
      }
      reply.header(
        'set-cookie',
        signInCookieHeader(ctx, { ...start, codes: startCodes(ctx, request.query) }),
      );
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
      // a browser's redirect: a refusal is a way back to Login, never JSON (nul-guard.ts)
      config: { isNulGuarded: false },
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
      const browserKey = createToken();
      let result;
      try {
        result = await signInWithProvider(ctx, claims, cookie.codes, browserKey, clientOriginOf(request));
      } catch (failure) {
        // a person in the middle of signing in gets the Login page back, not a JSON error
        ctx.log.error({ err: failure }, 'Google sign-in: the account could not be found or made');
        return backToLogin(reply, 'provider');
      }
      if (!result.ok) return backToLogin(reply, result.reason);
      reply.header('set-cookie', handoffCookieHeader(ctx, browserKey, SOCIAL_TOKEN_TTL_MS));
      const landing = new URLSearchParams({ social_access_token: result.socialAccessToken });
      // an account that already existed goes on to the link's invitation, as after e-mail sign-in
      if (result.securityCode) landing.set('security_code', result.securityCode);
      return reply.redirect(`/login?${landing}`, 302);
    },
  );
}
