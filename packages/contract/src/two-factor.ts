/**
 * Two-step sign-in (decision 035): an authenticator app's codes (TOTP, RFC 6238)
 * after the password or Google, with single-use recovery codes. Turned on and off while signed in
 * (`/api/app/account/twoFactor/*`); at sign-in, `auth/login` and Google's token trade answer a
 * challenge instead of a session, traded with a code at `auth/loginTwoFactor`.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { passwordSchema, tokenTextSchema } from './common.ts';

/** a code as a person types it: the app's 6 digits, or a recovery code (`xxxxx-xxxxx`) */
export const twoFactorCodeSchema = z
  .string()
  .trim()
  .min(1, 'Ingresa el código.')
  .max(32, 'El código no es válido.')
  .regex(/^[\w -]+$/, 'El código no es válido.')
  .describe("the authenticator app's 6-digit code, or one of the recovery codes (xxxxx-xxxxx)");

/** what `auth/login` and Google's token trade answer, instead of a session, when two-step sign-in is on */
export const twoFactorRequiredSchema = z.object({
  two_factor_required: z.literal(true),
  challenge: z
    .string()
    .describe('opaque, single use, valid 5 minutes: send it to /auth/loginTwoFactor with a code'),
  expires_at: z.string().describe('ISO date-time when the challenge stops working'),
});
export type TwoFactorRequired = z.infer<typeof twoFactorRequiredSchema>;

export const twoFactorStart = defineEndpoint({
  ...routes.twoFactorStart,
  summary:
    "Starts turning on two-step sign-in, with the account's password re-entered (a stolen session cannot lock the owner out): a new secret for the authenticator app (a QR code of otpauth_url). Nothing is on until confirm; a new start replaces an unconfirmed secret",
  body: z.strictObject({ password: passwordSchema }),
  response: z.object({
    secret: z.string().describe('base32, for typing into the app by hand'),
    otpauth_url: z.string().describe('otpauth://totp/… for the QR code'),
  }),
});

export const twoFactorConfirm = defineEndpoint({
  ...routes.twoFactorConfirm,
  summary:
    'Turns two-step sign-in on with a code of the started secret; answers the 10 single-use recovery codes, shown only this once',
  body: z.strictObject({ code: twoFactorCodeSchema }),
  response: z.object({
    recovery_codes: z.array(z.string()).describe('10 codes xxxxx-xxxxx, each works once instead of the app'),
  }),
});

export const twoFactorDisable = defineEndpoint({
  ...routes.twoFactorDisable,
  summary: "Turns two-step sign-in off: the account's password and a code (the app's or a recovery code)",
  body: z.strictObject({ password: passwordSchema, code: twoFactorCodeSchema }),
  response: z.object({ code: z.literal(200) }),
});

export const loginTwoFactor = defineEndpoint({
  ...routes.loginTwoFactor,
  summary:
    "Sign-in's second step: the challenge of /auth/login (or Google's token trade) and a code give a session like /auth/login's",
  body: z.strictObject({
    challenge: tokenTextSchema(
      128,
      'La verificación en dos pasos no es válida. Ingresa nuevamente.',
    ).describe('the challenge /auth/login answered'),
    code: twoFactorCodeSchema,
  }),
  response: z.object({
    access_token: z.string().describe('opaque bearer token'),
    token_type: z.literal('bearer'),
    expires_at: z.string().describe('ISO date-time when the token stops working'),
  }),
});
