import { z } from 'zod';
import { commandIdSchema, commandSchema, phoneCommandSchema } from './commands.ts';
import { centralEventSchema } from './central.ts';
import { alertCentralSchema } from './alerts.ts';
import { lostPhoneInfoItemSchema } from './lostphone.ts';
import { routePointSchema, trackingSchema } from './tracking.ts';
import { TRACKING_MAX_POINTS_PER_MESSAGE } from './constants.ts';
import { freeTextSchema, idSchema } from './common.ts';
import { deviceIdSchema } from './device.ts';
import { deviceStateFields, phoneStatusSchema } from './device-status.ts';

/**
 * Every realtime message, one map per direction (docs/style.md #4). Socket.IO carries them: the event name
 * is the message type, its single argument the payload. Two namespaces:
 *   /panel   the customer panel, authenticated with the customToken of createFirebaseAuthToken;
 *            it hears about, and speaks about, its own user's devices only.
 *   /device  a phone, authenticated with its device token; it only ever hears about itself.
 * The keys ayThere, imHere, deleting and cancelingWipe are the spec's (section 7).
 * docs/device-protocol.md explains the order of messages and the reconnection rules.
 */

const probeIdSchema = z
  .string()
  .regex(/^[\w-]{8,64}$/)
  .describe("the panel's id for one ayThere probe, echoed by the phone's imHere");
const deviceIdField = z.string().min(1).max(128).describe("the phone's own identifier");

/** panel → server, on /panel; a phone is named by its own identifier, as registered */
export const panelToServerMessages = {
  /** is this phone there? The server passes it on to the phone, which answers imHere */
  ayThere: z.strictObject({ device_id: deviceIdSchema, probe_id: probeIdSchema }),
  /** stop a wipe during its cancel window (the 'DETENER' button) */
  cancelingWipe: z.strictObject({ device_id: deviceIdSchema, command_id: commandIdSchema }),
};

/** server → panel, on /panel; every message names the device it is about */
export const serverToPanelMessages = {
  /** the phone answered a probe (probe_id) or acknowledged a command (command_id) */
  imHere: z.object({
    device_id: deviceIdField,
    probe_id: probeIdSchema.optional(),
    command_id: commandIdSchema.optional(),
  }),
  /** the phone started erasing itself: the wipe can no longer be stopped */
  deleting: z.object({ device_id: deviceIdField, command_id: commandIdSchema }),
  /** the phone honoured a stop: nothing will be erased */
  cancelingWipe: z.object({ device_id: deviceIdField, command_id: commandIdSchema }),
  /** a command changed state (sent, delivered, done, failed, cancelled, expired) */
  commandState: z.object({ command: commandSchema }),
  /** to every operator's panel: a central event was raised, taken or given back (decision 062) */
  centralEvent: z.object({ event: centralEventSchema }),
  /** the phone connected or disconnected (also sent for each device right after the panel connects) */
  presence: z.object({ device_id: deviceIdField, online: z.boolean() }),
  /**
   * the phone's last state changed: it connected, disconnected or reported a status (decision 042);
   * also sent for each device right after the panel connects
   */
  deviceStatus: z.object({ device_id: deviceIdField, ...deviceStateFields }),
  /** a lost phone sent a new report */
  lostReport: z.object({ device_id: deviceIdField, info: lostPhoneInfoItemSchema }),
  /** tracking turned on: a new route (the spec's "child added") */
  trackingStarted: z.object({ device_id: deviceIdField, tracking: trackingSchema }),
  /** new points of the active route (the spec's "child changed") */
  trackingPoints: z.object({
    device_id: deviceIdField,
    tracking_id: idSchema,
    points: z.array(routePointSchema),
  }),
  /** tracking turned off: the route ended (the spec's "child removed") */
  trackingEnded: z.object({ device_id: deviceIdField, tracking_id: idSchema }),
  /**
   * an alert (SOS) opened or ended: one of this user's own (`is_own`, Home's banner), or one of
   * someone whose security network this user belongs to (a notification with the open alert link)
   */
  alertChanged: z.object({
    alert_id: idSchema,
    is_own: z.boolean(),
    open: z.boolean(),
    name: z.string().describe('who raised it'),
    started_at: z.string(),
    url: z.string().describe('the open alert page'),
    central_outcome: z
      .string()
      .optional()
      .describe('the central ended it: what it turned out to be, in Spanish (CENTRAL_OUTCOME_LABELS)'),
  }),
  /** the central took, gave back or closed an alert: to its owner and to their network (decision 062) */
  alertCentral: z.object({ alert_id: idSchema, is_own: z.boolean(), central: alertCentralSchema }),
};

/** phone → server, on /device */
export const deviceToServerMessages = {
  /**
   * "I am here": the answer to an ayThere probe (probe_id), or the acknowledgement of a command
   * (command_id) as soon as the phone received it, before carrying it out
   */
  imHere: z
    .strictObject({ probe_id: probeIdSchema.optional(), command_id: commandIdSchema.optional() })
    .refine((m) => (m.probe_id === undefined) !== (m.command_id === undefined), {
      message: 'imHere lleva probe_id o command_id, uno de los dos',
    }),
  /** the outcome of a lock or lost-mode command, or a wipe the phone cannot perform */
  commandResult: z.strictObject({
    command_id: commandIdSchema,
    outcome: z.enum(['done', 'failed']),
    reason: freeTextSchema(300).optional().describe('why it failed, for the owner to read'),
  }),
  /** wipe: the cancel window is over and the phone starts erasing */
  deleting: z.strictObject({ command_id: commandIdSchema }),
  /** wipe: the phone honoured a stop and will erase nothing */
  cancelingWipe: z.strictObject({ command_id: commandIdSchema }),
  /**
   * tracking: points of the route `tracking_id`, oldest first; usually one, more after being offline.
   * Refused when the route has ended (code TRACKING_ENDED: stop tracking), beyond 10 points a second,
   * and as a whole (VALIDATION) when a point's time is not within its route (tracking.ts, `at`).
   */
  routePoints: z.strictObject({
    tracking_id: idSchema,
    points: z.array(routePointSchema.strict()).min(1).max(TRACKING_MAX_POINTS_PER_MESSAGE),
  }),
  /**
   * the phone's battery, charging and network: on every connection and when they change, at most once
   * a minute while only the battery level changes (DEVICE_STATUS_MIN_INTERVAL_MS); refused RATE_LIMITED
   * beyond that
   */
  status: phoneStatusSchema,
};

/** server → phone, on /device */
export const serverToDeviceMessages = {
  /**
   * The first message on every connection, before any pending command: what the phone should have
   * running (lost mode, a live route) as the server knows it. A phone that forgot (restarted,
   * reinstalled, or switched off by a thief) starts what is missing; it never stops anything because
   * of it: turning off is for commands (lostOff, trackingOff), which come after.
   */
  resume: z.object({
    lost: z
      .object({ report_every_s: z.number().int().positive() })
      .nullable()
      .describe('lost mode is on: report every report_every_s seconds; null: nothing to restore'),
    tracking: z
      .object({ tracking_id: idSchema, interval_s: z.number().int().positive() })
      .nullable()
      .describe('a route is open: send points to it every interval_s seconds; null: none open'),
  }),
  /** an order: acknowledge it with imHere{command_id}, then report its outcome */
  command: phoneCommandSchema,
  /** is the phone there? answer imHere{probe_id} */
  ayThere: z.object({ probe_id: probeIdSchema }),
  /** the owner pressed stop during a wipe's cancel window */
  cancelingWipe: z.object({ command_id: commandIdSchema }),
  /**
   * the account this phone was registered to was deleted (decision 038): its device token no longer
   * works; the app forgets the account and its token and asks to sign in
   */
  accountDeleted: z.object({}),
  /**
   * the owner removed this phone from the account (decision 044): its device token no
   * longer works and the server closes the link; the app forgets the token and says it is unprotected
   */
  deviceRemoved: z.object({}),
};

/**
 * The answer to every client → server message, through Socket.IO's acknowledgement callback when the
 * sender passes one; without a callback, a rejection arrives as a `rejected` message instead.
 */
export const realtimeAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({
    ok: z.literal(false),
    code: z.string().describe('an error code of the API (VALIDATION, FORBIDDEN, NOT_FOUND, RATE_LIMITED…)'),
    message: z.string().describe('Spanish text a person can read'),
  }),
]);
export type RealtimeAck = z.infer<typeof realtimeAckSchema>;

/** server → any client: a message of theirs that was refused (when they gave no ack callback) */
export const rejectedMessageSchema = z.object({
  type: z.string().describe('the refused message type'),
  code: z.string(),
  message: z.string(),
});

type Payloads<M extends Record<string, z.ZodType>> = { [K in keyof M]: z.infer<M[K]> };
export type PanelToServer = Payloads<typeof panelToServerMessages>;
export type ServerToPanel = Payloads<typeof serverToPanelMessages>;
export type DeviceToServer = Payloads<typeof deviceToServerMessages>;
export type ServerToDevice = Payloads<typeof serverToDeviceMessages>;

/** Socket.IO event maps, for typed `io()` clients and the server's namespaces */
type Listeners<P> = { [K in keyof P]: (payload: P[K], ack?: (answer: RealtimeAck) => void) => void };
type Emitters<P> = { [K in keyof P]: (payload: P[K]) => void } & {
  rejected: (payload: z.infer<typeof rejectedMessageSchema>) => void;
};
export type PanelClientEvents = Listeners<PanelToServer>;
export type PanelServerEvents = Emitters<ServerToPanel>;
export type DeviceClientEvents = Listeners<DeviceToServer>;
export type DeviceServerEvents = Emitters<ServerToDevice>;
