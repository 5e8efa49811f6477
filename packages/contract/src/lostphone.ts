import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { emptyBodySchema, idSchema, passwordSchema } from './common.ts';
import { commandSchema, lockPinSchema } from './commands.ts';
import { twoFactorCodeSchema } from './two-factor.ts';
import { deviceIdSchema } from './device.ts';
import { PAGE_SIZE_MAX } from './constants.ts';

/**
 * Remote protection of a phone (spec 2 Home/Information/Modals, 4, 7; decision 007). `device_id` is the
 * phone's own identifier everywhere but in `changeStatus`, which takes the internal id (docs/api.md).
 */

/** ours: a lost-mode photo is a JPEG of at most 5 MB */
export const LOST_REPORT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * ours (decision 011): a phone's lost-mode reports are accepted at one a minute, beyond a burst of
 * 3 (the first report, a retry, a restart); more are refused RATE_LIMITED with Retry-After. The phone
 * reports every hour, so only a broken or hostile one ever meets the limit.
 */
export const LOST_REPORT_BURST = 3;
export const LOST_REPORT_MIN_INTERVAL_MS = 60_000;

const deviceBodySchema = z.strictObject({ device_id: deviceIdSchema });

export const latitudeSchema = z.number().min(-90).max(90).describe('latitude, WGS 84 degrees');
export const longitudeSchema = z.number().min(-180).max(180).describe('longitude, WGS 84 degrees');
export const positionSchema = z.object({ lat: latitudeSchema, lng: longitudeSchema });
export type Position = z.infer<typeof positionSchema>;

/** spec 3: Lost-phone info item (one report of a lost phone) */
export const lostPhoneInfoItemSchema = z.object({
  id: idSchema,
  position: positionSchema,
  image: z.string().describe('name of the stored photo'),
  image_url: z.string().describe('signed URL of the photo; it expires (request the list again)'),
  created_at: z.string().describe('ISO date-time of the report'),
});
export type LostPhoneInfoItem = z.infer<typeof lostPhoneInfoItemSchema>;

/** spec 3: Lost-phone config item */
export const lostPhoneConfigItemSchema = z.object({
  id: idSchema.describe('internal id of the device'),
  device_id: z.string().describe("the phone's own identifier"),
  lost: z.boolean(),
});
export type LostPhoneConfigItem = z.infer<typeof lostPhoneConfigItemSchema>;

const commandResponseSchema = z.object({ command: commandSchema });

export const validatePass = defineEndpoint({
  ...routes.validatePass,
  summary:
    "Checks the signed-in user's password before a wipe; a right one allows one wipe within 5 minutes. Wrong passwords count towards the sign-in lockout. With two-step sign-in on, a code is required too (TWO_FACTOR_CODE_REQUIRED, TWO_FACTOR_CODE_INVALID)",
  body: z.strictObject({
    password: passwordSchema,
    code: twoFactorCodeSchema
      .optional()
      .describe("required when two-step sign-in is on: the app's code or a recovery code"),
  }),
  response: z.object({ status: z.boolean().describe('true when the password is right') }),
});

export const createFirebaseAuthToken = defineEndpoint({
  ...routes.createFirebaseAuthToken,
  summary:
    "Gives the panel a short-lived token for the realtime namespace /panel (the spec's custom token); device_id is 'panel-' plus the user id",
  body: z.strictObject({ device_id: z.string().max(64) }),
  response: z.object({
    customToken: z.string().describe('pass as auth.token when connecting to /panel; valid 1 hour'),
  }),
});

export const getLostMyPhoneData = defineEndpoint({
  ...routes.getLostMyPhoneData,
  summary: 'Whether lost mode is on, for each device of the account',
  body: emptyBodySchema,
  response: z.object({ config: z.array(lostPhoneConfigItemSchema) }),
});

export const lostMyPhoneSubscribeNotification = defineEndpoint({
  ...routes.lostMyPhoneSubscribeNotification,
  summary:
    'Orders the phone into lost mode (a location and a photo every hour); Android phones only (DEVICE_NOT_SUPPORTED)',
  body: deviceBodySchema,
  response: commandResponseSchema,
});

export const lostMyPhoneUnSubscribeNotification = defineEndpoint({
  ...routes.lostMyPhoneUnSubscribeNotification,
  summary: 'Orders the phone out of lost mode; Android phones only (DEVICE_NOT_SUPPORTED)',
  body: deviceBodySchema,
  response: commandResponseSchema,
});

export const blockMyPhoneNotification = defineEndpoint({
  ...routes.blockMyPhoneNotification,
  summary:
    'Orders the phone to lock its screen with a 4-digit PIN; Android phones only (DEVICE_NOT_SUPPORTED). A lock still waiting for the phone is replaced (cancelled). Past ORDERS_PER_PHONE_MAX (10) orders to one phone, or ORDERS_PER_ACCOUNT_MAX (30) to an account, in 10 minutes: 429 RATE_LIMITED with Retry-After, nothing stored',
  body: z.strictObject({ device_id: deviceIdSchema, pin: lockPinSchema }),
  response: commandResponseSchema,
});

export const wipePhoneDataNotification = defineEndpoint({
  ...routes.wipePhoneDataNotification,
  summary:
    'Orders the phone to erase itself; Android phones only (DEVICE_NOT_SUPPORTED). Refused unless the password was confirmed with validatePass in the last 5 minutes; each confirmation allows one wipe',
  body: deviceBodySchema,
  response: commandResponseSchema,
});

export const changeLostStatus = defineEndpoint({
  ...routes.changeLostStatus,
  summary:
    'Records that lost mode is on or off, once the phone answered (device_id is the internal id); on only for Android phones',
  body: z.strictObject({
    device_id: idSchema.describe('internal id of the device (spec 7)'),
    lost: z.boolean(),
  }),
  response: z.object({ config: lostPhoneConfigItemSchema }),
});

export const getLostMyPhoneInfo = defineEndpoint({
  ...routes.getLostMyPhoneInfo,
  summary: "A lost phone's reports, newest first: position and photo",
  body: deviceBodySchema,
  response: z.object({ status: z.literal(200), info: z.array(lostPhoneInfoItemSchema) }),
});

export const getDeviceCommands = defineEndpoint({
  ...routes.getDeviceCommands,
  summary: "The device's latest commands, newest first, with their state (ours)",
  body: z.strictObject({
    device_id: deviceIdSchema,
    limit: z.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
  }),
  response: z.object({ commands: z.array(commandSchema) }),
});

export const lostPhoneReport = defineEndpoint({
  ...routes.lostPhoneReport,
  summary:
    'A phone in lost mode reports where it is and what its camera saw (device token). Refused while lost mode is off (409 LOST_MODE_OFF) and beyond one a minute after a burst of 3 (429 RATE_LIMITED, Retry-After)',
  body: z.strictObject({
    lat: latitudeSchema,
    lng: longitudeSchema,
    image: z
      .base64()
      // base64 takes 4 characters for every 3 bytes
      .max(Math.ceil(LOST_REPORT_IMAGE_MAX_BYTES / 3) * 4, 'La imagen no puede superar los 5 MB.')
      .describe('the photo: a JPEG of at most 5 MB, base64'),
  }),
  response: z.object({ info: lostPhoneInfoItemSchema }),
  status: 201,
  maxBodyBytes: 8 * 1024 * 1024,
});
