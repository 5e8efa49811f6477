import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { PG_INTEGER_MAX, emailSchema, emptyBodySchema, passwordSchema, tokenTextSchema } from './common.ts';
import { PAGE_SIZE, PAGE_SIZE_MAX } from './constants.ts';

/**
 * The account's own security and privacy (issue 29): what happened to it (activity), where it is
 * signed in, two-step sign-in, its data taken out and the account closed. Every path is
 * `/api/app/account/...`, signed in as a customer.
 */

/**
 * What the activity log records, one kind per line the panel writes. Each feature records its own
 * (activity/activity.service.ts `recordActivity`); the panel's texts name each kind in Spanish.
 */
export const ACTIVITY_KINDS = [
  /** a session was made: password, Google or a sign-up */
  'sign_in',
  /** a wrong password (or second step) for this account */
  'sign_in_failed',
  /** a session was ended: sign-out, or from the session list */
  'session_ended',
  'password_changed',
  /** through a "¿Olvidaste tu contraseña?" link */
  'password_reset',
  'email_changed',
  'two_factor_on',
  'two_factor_off',
  'lock_ordered',
  'lost_mode_ordered',
  'wipe_ordered',
  'tracking_ordered',
  'invitation_sent',
  'data_exported',
  'deletion_requested',
  'deletion_cancelled',
  /** an operator of the central opened one of this customer's atenciones */
  'operator_viewed',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const activityEntrySchema = z.object({
  at: z.string().describe('ISO date-time'),
  kind: z.enum(ACTIVITY_KINDS),
  address: z.string().nullable().describe('the IP address the request came from, when one did'),
  browser: z
    .string()
    .nullable()
    .describe("a readable browser and system ('Chrome en Android'), from the request's user agent"),
  detail: z
    .string()
    .nullable()
    .describe("what the entry is about: the phone's name, the invited e-mail, the operator's name"),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const accountActivity = defineEndpoint({
  ...routes.accountActivity,
  summary: "The signed-in customer's account activity, newest first, paged (15 a page in the panel)",
  body: z.strictObject({
    limit: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE),
    page: z.number().int().min(1).max(PG_INTEGER_MAX).default(1),
  }),
  response: z.object({ activity: z.array(activityEntrySchema), total: z.number().int() }),
});

/**
 * E-mail verification and change (issue 29 item 1, decision 034): a sign-up by e-mail is sent a link
 * to verify its address; a change of e-mail is a link sent to the new address, and the e-mail changes
 * only when it is opened. Both links open the panel's `/verificar-email/{token}`, which calls
 * verifyEmail without a session.
 */
export const resendVerification = defineEndpoint({
  ...routes.resendVerification,
  summary:
    'Send the signed-in account a new link to verify its e-mail (older ones stop working); 1 a minute, 5 a day',
  body: emptyBodySchema,
  response: z.object({
    status: z
      .enum(['sent', 'already_verified'])
      .describe("'already_verified': nothing was sent, the e-mail is verified"),
    email: z.string().describe("where the link went (the account's e-mail)"),
  }),
});

export const changeEmail = defineEndpoint({
  ...routes.changeEmail,
  summary:
    'Ask to change the e-mail: with the password, a link goes to the new address; the e-mail changes when it is opened',
  body: z.strictObject({
    email: emailSchema.describe('the new e-mail'),
    password: passwordSchema.describe("the account's current password"),
  }),
  response: z.object({
    status: z.literal('sent'),
    email: z.string().describe('the new address the link went to'),
  }),
});

export const verifyEmail = defineEndpoint({
  ...routes.verifyEmail,
  summary:
    "Open an e-mail link (single use, 48 h): verifies the account's e-mail, or changes it to the new one",
  body: z.strictObject({
    token: tokenTextSchema(128, 'El enlace para verificar tu email no es válido.').describe(
      'the token of /verificar-email/{token}',
    ),
  }),
  response: z.object({
    status: z
      .enum(['verified', 'email_changed'])
      .describe("'email_changed': the account's e-mail is now `email`, and the old one was told"),
    email: z.string().describe("the account's e-mail, now verified"),
  }),
});
