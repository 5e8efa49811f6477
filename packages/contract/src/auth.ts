import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import {
  emailSchema,
  emptyBodySchema,
  newPasswordSchema,
  optionalCodeSchema,
  passwordSchema,
  personNameSchema,
  statusResponseSchema,
  tokenTextSchema,
} from './common.ts';
import { twoFactorRequiredSchema } from './two-factor.ts';

const tokenResponseSchema = z.object({
  access_token: z.string().describe('opaque bearer token'),
  token_type: z.literal('bearer'),
  expires_at: z.string().describe('ISO date-time when the token stops working'),
});

export const login = defineEndpoint({
  ...routes.login,
  summary:
    'Sign in with e-mail and password: a session, or, when two-step sign-in is on, a challenge for /auth/loginTwoFactor',
  body: z.strictObject({ email: emailSchema, password: passwordSchema }),
  response: z.union([tokenResponseSchema, twoFactorRequiredSchema]),
});

export const signUpByCode = defineEndpoint({
  ...routes.signUpByCode,
  summary: 'Create an account (optionally with an invitation, share or sponsor code) and sign in',
  body: z.strictObject({
    name: personNameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    code: optionalCodeSchema,
    sharecode: optionalCodeSchema,
    security_code: optionalCodeSchema,
    share_code: optionalCodeSchema,
    sponsor_code: optionalCodeSchema,
  }),
  response: tokenResponseSchema,
  status: 201,
});

const resetTokenSchema = tokenTextSchema(
  128,
  'El enlace para reestablecer la contraseña no es válido. Solicita uno nuevo.',
).describe('token from the reset link');

export const findResetToken = defineEndpoint({
  ...routes.findResetToken,
  summary: 'Check a password-reset token and tell its e-mail',
  body: z.strictObject({ token: resetTokenSchema }),
  response: z.object({ data: z.object({ email: z.string() }) }),
});

export const resetPass = defineEndpoint({
  ...routes.resetPass,
  summary: 'Set a new password with a reset token (single use, 1 hour)',
  body: z
    .strictObject({
      email: emailSchema,
      password: newPasswordSchema,
      password_confirmation: z.string().max(128),
      token: resetTokenSchema,
    })
    .refine((value) => value.password === value.password_confirmation, {
      path: ['password_confirmation'],
      message: 'Las contraseñas no coinciden, por favor verifica los datos ingresados.',
    }),
  response: statusResponseSchema,
});

export const forgotPass = defineEndpoint({
  ...routes.forgotPass,
  summary: 'Send a password-reset e-mail; always answers 200 so accounts cannot be discovered',
  body: z.strictObject({ email: emailSchema }),
  response: statusResponseSchema,
});

export const logout = defineEndpoint({
  ...routes.logout,
  summary: 'Revoke the bearer token used for this call',
  body: emptyBodySchema,
  response: z.void(),
  status: 204,
});
