/**
 * Google sign-in (decision 014, spec 2 Login and 7): the browser goes to googleSignInStart, the provider,
 * and googleSignInCallback, which answer redirects (registered outside the JSON router); the panel then
 * trades the single-use social_access_token of `/login?social_access_token=…` for a session here.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { optionalCodeSchema, tokenTextSchema } from './common.ts';
import { twoFactorRequiredSchema } from './two-factor.ts';

export const loginWithGoogleToken = defineEndpoint({
  ...routes.loginWithGoogleToken,
  summary:
    "Trade Google sign-in's single-use social_access_token (2 minutes) for a session like /auth/login's, or, when two-step sign-in is on, a challenge for /auth/loginTwoFactor",
  body: z.strictObject({
    access_token: tokenTextSchema(
      128,
      'El inicio de sesión con Google no es válido. Por favor inténtalo nuevamente.',
    ).describe('the social_access_token of /login?social_access_token=…'),
  }),
  response: z.union([
    z.object({
      token: z.string().describe('opaque bearer token, the same kind /auth/login answers'),
      token_type: z.literal('bearer'),
      expires_at: z.string().describe('ISO date-time when the token stops working'),
    }),
    twoFactorRequiredSchema,
  ]),
});

/**
 * The start's query: the codes of the sign-up link the person came from (Register's or Login's), with
 * sign-up's spellings and rules (signUpByCode's body), so that an account Google makes gets them too.
 */
export const googleSignInStartQuerySchema = z.object({
  code: optionalCodeSchema,
  security_code: optionalCodeSchema,
  sharecode: optionalCodeSchema,
  share_code: optionalCodeSchema,
  sponsor_code: optionalCodeSchema,
});

/** The provider's answer at the callback: a code and our state, or an error (access_denied…). */
export const googleCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});
