import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import {
  PG_INTEGER_MAX,
  emailSchema,
  emptyBodySchema,
  idSchema,
  newPasswordSchema,
  passwordSchema,
  tokenTextSchema,
} from './common.ts';
import { PAGE_SIZE, PAGE_SIZE_MAX } from './constants.ts';
import { twoFactorCodeSchema } from './two-factor.ts';

/**
 * The account's own security and privacy (docs/api.md, "The account's security"): what happened to
 * it (activity), where it is signed in, two-step sign-in, its data taken out and the account closed.
 * Every path is `/api/app/account/...`, signed in as a customer, except the link that cancels a
 * deletion (`/api/auth/cancelDeletion`), which works signed out.
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
  /** the owner took a phone off the account (decision 044) */
  'device_removed',
  'invitation_sent',
  'data_exported',
  'deletion_requested',
  'deletion_cancelled',
  /**
   * The central's looks at this customer (docs/privacy.md): each with the operator's name in
   * `detail`, never the central's address or browser. `operator_opened`: an operator opened an
   * atención for them by their e-mail; `operator_listed`: they were on a page of the central's list of
   * atenciones (their name and e-mail); `operator_viewed`: an operator opened one of their atenciones
   * with its notes and videos.
   */
  'operator_opened',
  'operator_listed',
  'operator_viewed',
  /**
   * the central's live queue (decision 062), with the operator's name and the event's kind in
   * `detail`: an operator took one of the customer's events, read it to handle it, or closed it
   */
  'central_claimed',
  'central_viewed',
  'central_closed',
  /**
   * the account's mailbox was proven for the first time (a verification link, Google, a reset): every
   * session ended, the password was dropped, two-step sign-in turned off (decision 050)
   */
  'account_reclaimed',
  /** a change of e-mail was asked for (the detail: the new address); the current address was told */
  'email_change_requested',
  /** a change of e-mail under way was cancelled, from the current address or the profile */
  'email_change_cancelled',
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

export const accountSessionSchema = z.object({
  id: z.number().int().describe('the session, for revokeSession'),
  current: z.boolean().describe('true for the session that asks (this browser)'),
  created_at: z.string().describe('ISO date-time of the sign-in'),
  last_used_at: z
    .string()
    .describe('ISO date-time the session was last used; updated at most every few minutes'),
  address: z.string().nullable().describe('the IP address it signed in from'),
  browser: z
    .string()
    .nullable()
    .describe("a readable browser and system ('Chrome en Android'), from the sign-in's user agent"),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessions = defineEndpoint({
  ...routes.accountSessions,
  summary: "The signed-in customer's sessions still working (not ended, not expired), latest used first",
  body: emptyBodySchema,
  response: z.object({ sessions: z.array(accountSessionSchema) }),
});

export const revokeSession = defineEndpoint({
  ...routes.revokeSession,
  summary:
    "End one of the customer's sessions (its open panel goes to Login); one that is not theirs, or no longer works, is 403",
  body: z.strictObject({ session_id: idSchema.describe('a session of accountSessions') }),
  response: z.object({ status: z.literal('ok') }),
});

export const revokeOtherSessions = defineEndpoint({
  ...routes.revokeOtherSessions,
  summary: "End every session of the customer's but the one that asks",
  body: emptyBodySchema,
  response: z.object({ ended: z.number().int().describe('how many sessions were ended') }),
});

export const changePassword = defineEndpoint({
  ...routes.changePassword,
  summary:
    'Change the password: the current one is checked (wrong ones limited per session), and every other session ends',
  body: z.strictObject({
    current_password: passwordSchema.describe('the password now in use'),
    password: newPasswordSchema.describe('the new password, 8 characters or more'),
  }),
  response: z.object({ status: z.literal('ok'), ended: z.number().int().describe('other sessions ended') }),
});

/**
 * Where the account's export of its data stands (decision 037): never asked, being prepared (an
 * e-mail goes when it is ready), ready to download until `expires_at`, expired, or failed.
 */
export const DATA_EXPORT_STATES = ['none', 'preparing', 'ready', 'expired', 'failed'] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

export const dataExportStatusSchema = z.object({
  state: z.enum(DATA_EXPORT_STATES).describe('the newest export asked for, or none'),
  requested_at: z.string().nullable().describe('ISO date-time the newest export was asked for'),
  expires_at: z
    .string()
    .nullable()
    .describe('ISO date-time its download link and file stop working (ready, expired)'),
  download_url: z
    .string()
    .nullable()
    .describe('while ready: the signed link e-mailed to the owner, relative to the server'),
  next_allowed_at: z
    .string()
    .nullable()
    .describe('ISO date-time from which another export may be asked for; null: now'),
});
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

export const requestDataExport = defineEndpoint({
  ...routes.requestDataExport,
  summary:
    'Ask for a ZIP of everything held about the signed-in customer, confirmed with the password; prepared apart, e-mailed as a link valid 24 h; one a day',
  body: z.strictObject({
    password: passwordSchema.describe("the account's password, re-entered"),
    code: twoFactorCodeSchema
      .optional()
      .describe('the second step of two-step sign-in, when the account has it on'),
  }),
  response: dataExportStatusSchema,
  status: 201,
});

export const dataExportStatus = defineEndpoint({
  ...routes.dataExportStatus,
  summary: "Where the signed-in customer's newest export of their data stands",
  body: emptyBodySchema,
  response: dataExportStatusSchema,
});

/** The path's id of an export's download link */
export const dataExportLinkParamsSchema = z.strictObject({
  id: z.coerce.number().pipe(idSchema).describe("the export's id"),
});

/** The query of an export's download link: GET /api/account/export/download/<id>?expires&signature */
export const dataExportLinkQuerySchema = z.strictObject({
  expires: z.coerce.number().int().positive().describe('Unix time (s) after which the link stops working'),
  signature: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .describe('HMAC-SHA256 of the export and expiry, by the server'),
});

/**
 * Closing the account (decision 038): the password (and, once two-step sign-in
 * exists, its code) starts a deletion scheduled ACCOUNT_DELETION_DELAY_MS later; every session ends
 * and an e-mail brings the link that cancels it.
 */
export const deleteAccount = defineEndpoint({
  ...routes.deleteAccount,
  summary:
    'Schedule the deletion of the signed-in customer’s account in 7 days: every session ends, and an e-mail brings a link that cancels it',
  body: z.strictObject({
    password: passwordSchema.describe('the account’s current password'),
    code: twoFactorCodeSchema.optional().describe('the two-step sign-in code, when two-step sign-in is on'),
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

/**
 * E-mail verification and change (decision 034): a sign-up by e-mail is sent a link
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
    'Ask to change the e-mail: with the password, a link goes to the new address and a notice, with a link that confirms or cancels it, to the current one (decision 050)',
  body: z.strictObject({
    email: emailSchema.describe('the new e-mail'),
    password: passwordSchema.describe("the account's current password"),
  }),
  response: z.object({
    status: z.literal('sent'),
    email: z.string().describe('the new address the link went to'),
    applies_at: z
      .string()
      .nullable()
      .describe(
        'ISO date-time from which the change applies without the current address confirming it (its link opened too); null: as soon as the new address is confirmed (the current one was never verified)',
      ),
  }),
});

const emailLinkToken = (what: string) =>
  tokenTextSchema(128, 'El enlace no es válido. Revisa que lo hayas copiado completo.').describe(what);

export const verifyEmail = defineEndpoint({
  ...routes.verifyEmail,
  summary:
    "Open a verification link (single use, 48 h): the e-mail is verified and, being its first proof, the account becomes the mailbox's alone: every session ends and the password is dropped (decision 050)",
  body: z.strictObject({
    token: tokenTextSchema(128, 'El enlace para verificar tu email no es válido.').describe(
      'the token of /verificar-email/{token}',
    ),
  }),
  response: z.object({
    status: z.literal('verified'),
    email: z.string().describe("the account's e-mail, now verified"),
    password_token: z
      .string()
      .describe('a reset token (auth/resetPass, 1 hour, once) for the new password, for this page alone'),
  }),
});

const emailChangeAnswerSchema = z.object({
  status: z
    .enum(['email_changed', 'waiting'])
    .describe(
      "'waiting': the new address is confirmed; the change applies at `applies_at`, or sooner if the current address confirms it",
    ),
  email: z.string().describe('the new address'),
  applies_at: z
    .string()
    .nullable()
    .describe('ISO date-time the change applies while waiting; null otherwise'),
});

export const confirmEmailChange = defineEndpoint({
  ...routes.confirmEmailChange,
  summary:
    "The new address's link (48 h), opened in a session of the account that asked for the change: the new address is proven",
  body: z.strictObject({ token: emailLinkToken('the token of /confirmar-email/{token}') }),
  response: emailChangeAnswerSchema,
});

export const cancelEmailChange = defineEndpoint({
  ...routes.cancelEmailChange,
  summary: 'Cancel the change of e-mail under way, from the profile',
  body: emptyBodySchema,
  response: z.object({ status: z.literal('cancelled') }),
});

export const emailChangeSchema = z.object({
  old_email: z.string().describe("the account's address when the change was asked for"),
  new_email: z.string(),
  requested_at: z.string().describe('ISO date-time'),
  address: z.string().nullable().describe('the IP address it was asked from'),
  browser: z.string().nullable().describe('the readable browser it was asked from'),
  applies_at: z
    .string()
    .nullable()
    .describe('ISO date-time it applies without an answer; null: as soon as the new address is confirmed'),
  new_address_confirmed: z.boolean(),
  confirmed: z.boolean().describe('the current address confirmed it already'),
});

export const findEmailChange = defineEndpoint({
  ...routes.findEmailChange,
  summary: "What the current address's link is about: a change of e-mail still under way",
  body: z.strictObject({ token: emailLinkToken('the token of /cambio-de-email/{token}') }),
  response: z.object({ change: emailChangeSchema }),
});

export const answerEmailChange = defineEndpoint({
  ...routes.answerEmailChange,
  summary:
    'The current address confirms the change (it applies once the new address is confirmed) or cancels it (and every session of the account ends)',
  body: z.strictObject({
    token: emailLinkToken('the token of /cambio-de-email/{token}'),
    answer: z.enum(['confirm', 'cancel']),
  }),
  response: z.object({
    status: z
      .enum(['email_changed', 'confirmed', 'cancelled'])
      .describe("'confirmed': it applies as soon as the new address is confirmed"),
    email: z.string().describe('the new address asked for'),
  }),
});
