import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { emptyBodySchema, idSchema } from './common.ts';
import { latitudeSchema, longitudeSchema } from './lostphone.ts';
import { ALERT_PUBLIC_MAX_POSITIONS } from './constants.ts';

/**
 * Alerts (SOS) raised by a phone, and the open alert route (spec 2: "An alert route is also open";
 * decisions 023 and 039). A phone opens an alert with its position, adds positions while it is open and
 * ends it; its owner can end it from the panel. Every accepted member of the owner's security network
 * gets an e-mail with a link of their own to `/alerta/{token}` (it ends when they leave the network),
 * a page that needs no sign-in and reads `GET /api/public/alerts/{token}`. docs/device-protocol.md section 9 says what a phone must do.
 */

const alertIdSchema = idSchema.describe('id of the alert, as answered by POST /api/device/alert');
const okSchema = z.object({ code: z.literal(200) });

export const alertPositionSchema = z.object({
  lat: latitudeSchema,
  lng: longitudeSchema,
  at: z.string().describe('ISO date-time the server received the position'),
});
export type AlertPosition = z.infer<typeof alertPositionSchema>;

/**
 * How the 24/7 central is attending an alert (decision 062): it reached the central and waits for an
 * operator, an operator attends it (their first name), or the central closed it.
 */
export const alertCentralSchema = z.object({
  status: z.enum(['waiting', 'attending', 'closed']),
  operator_name: z.string().optional().describe("the attending operator's first name"),
});
export type AlertCentral = z.infer<typeof alertCentralSchema>;

/** What the open alert page shows: who, since when, where, and whether it is still open. */
export const publicAlertSchema = z.object({
  who: z.object({
    name: z.string(),
    telefono: z.string().nullable().describe("the person's phone number (11 digits) when set"),
  }),
  device_name: z.string().describe('the phone that raised the alert'),
  started_at: z.string().describe('ISO date-time the alert was raised'),
  ended_at: z.string().nullable().describe('ISO date-time it ended; null while open'),
  open: z.boolean(),
  expires_at: z
    .string()
    .nullable()
    .describe('ISO date-time this page stops working (1 hour after the end); null while open'),
  central: alertCentralSchema,
  positions: z
    .array(alertPositionSchema)
    .describe(`the newest positions (at most ${ALERT_PUBLIC_MAX_POSITIONS}), oldest first`),
});
export type PublicAlert = z.infer<typeof publicAlertSchema>;

/** One of the signed-in owner's open alerts, for Home's banner. */
export const ownAlertSchema = z.object({
  id: alertIdSchema,
  device_id: z.string().describe("the phone's own identifier"),
  device_name: z.string(),
  started_at: z.string(),
  url: z.string().describe("the open alert page, by the owner's own link (each member has theirs)"),
  central: alertCentralSchema,
});
export type OwnAlert = z.infer<typeof ownAlertSchema>;

export const openDeviceAlert = defineEndpoint({
  ...routes.openDeviceAlert,
  summary:
    "A phone raises an SOS with its position: every accepted member of the owner's security network gets an e-mail with their own open alert link at once. A phone with an alert still open gets that one back (no new e-mails). More than ALERTS_PER_PHONE_MAX (3) opened in 10 minutes: 429 RATE_LIMITED with Retry-After, no alert and no e-mails",
  body: z.strictObject({ lat: latitudeSchema, lng: longitudeSchema }),
  response: z.object({ alert_id: alertIdSchema }),
  status: 201,
});

export const addDeviceAlertPosition = defineEndpoint({
  ...routes.addDeviceAlertPosition,
  summary:
    "A position of the phone while its alert is open (at most one every 2 s: RATE_LIMITED with Retry-After). ALERT_ENDED once the alert ended: stop sending. Another phone's alert is NOT_FOUND",
  body: z.strictObject({ alert_id: alertIdSchema, lat: latitudeSchema, lng: longitudeSchema }),
  response: okSchema,
});

export const closeDeviceAlert = defineEndpoint({
  ...routes.closeDeviceAlert,
  summary:
    "The phone ends its alert; ending one already ended answers 200. Another phone's alert is NOT_FOUND",
  body: z.strictObject({ alert_id: alertIdSchema }),
  response: okSchema,
});

export const closeAlert = defineEndpoint({
  ...routes.closeAlert,
  summary:
    "The owner ends one of their alerts from the panel; ending one already ended answers 200. Another user's alert is NOT_FOUND",
  body: z.strictObject({ alert_id: alertIdSchema }),
  response: okSchema,
});

export const getOpenAlerts = defineEndpoint({
  ...routes.getOpenAlerts,
  summary: "The signed-in owner's open alerts, newest first (Home's banner)",
  body: emptyBodySchema,
  response: z.object({ alerts: z.array(ownAlertSchema) }),
});

/**
 * An open alert of someone whose security network the signed-in user belongs to (docs/api.md,
 * "Security network, alerts and sponsors").
 */
export const networkAlertSchema = z.object({
  id: alertIdSchema,
  name: z.string().describe('who raised it'),
  started_at: z.string(),
  url: z.string().describe("the open alert page, by this member's own link"),
});
export type NetworkAlert = z.infer<typeof networkAlertSchema>;

export const getNetworkOpenAlerts = defineEndpoint({
  ...routes.getNetworkOpenAlerts,
  summary:
    'The open alerts of the people whose security network the signed-in user has joined, newest first: a member who signs in while one is open is told at once, not only at its next change',
  body: emptyBodySchema,
  response: z.object({ alerts: z.array(networkAlertSchema) }),
});

export const getPublicAlert = defineEndpoint({
  ...routes.getPublicAlert,
  summary:
    "The open alert page's data, by the token of its link (no sign-in): who, since when, the newest positions. 404 NOT_FOUND for an unknown token, 410 ALERT_EXPIRED 1 hour after the alert ended, 410 ALERT_LINK_REVOKED once the link's holder is no longer in the owner's network",
  body: z.undefined(),
  response: publicAlertSchema,
});
