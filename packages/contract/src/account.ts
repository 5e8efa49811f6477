import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { PG_INTEGER_MAX, passwordSchema, tokenTextSchema } from './common.ts';
import { PAGE_SIZE, PAGE_SIZE_MAX } from './constants.ts';

/**
 * The account's own security and privacy (issue 29): what happened to it (activity), where it is
 * signed in, two-step sign-in, its data taken out and the account closed. Every path is
 * `/api/app/account/...`, signed in as a customer, except the link that cancels a deletion
 * (`/api/auth/cancelDeletion`), which works signed out.
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
 * Closing the account (issue 29 item 8; decision 038): the password (and, once two-step sign-in
 * exists, its code) starts a deletion scheduled ACCOUNT_DELETION_DELAY_MS later; every session ends
 * and an e-mail brings the link that cancels it.
 */
export const deleteAccount = defineEndpoint({
  ...routes.deleteAccount,
  summary:
    'Schedule the deletion of the signed-in customer’s account in 7 days: every session ends, and an e-mail brings a link that cancels it',
  body: z.strictObject({
    password: passwordSchema.describe('the account’s current password'),
    code: z
      .string()
      .trim()
      .max(64, 'El código no puede superar los 64 caracteres.')
      .regex(/^[\w-]*$/, 'El código no es válido.')
      .optional()
      .describe('the two-step sign-in code, when two-step sign-in is on'),
  }),
  response: z.object({
    deletion_scheduled_at: z.string().describe('ISO date-time at which the account will be deleted'),
    open_atencion: z
      .boolean()
      .describe(
        'the central has an atención of this customer open: it keeps it, and the account, until it is closed',
      ),
  }),
});

export const cancelAccountDeletion = defineEndpoint({
  ...routes.cancelAccountDeletion,
  summary: 'Cancel a scheduled account deletion with the token of the e-mailed link (works once)',
  body: z.strictObject({
    token: tokenTextSchema(
      128,
      'El enlace para cancelar la eliminación no es válido. Revisa que lo hayas copiado completo.',
    ).describe('token from the cancel link'),
  }),
  response: z.object({ status: z.literal('cancelled') }),
});
