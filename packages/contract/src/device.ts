import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { deviceSchema } from './user.ts';
import { passwordSchema, singleLineTextSchema } from './common.ts';
import { twoFactorCodeSchema } from './two-factor.ts';
import { deviceOperatingSystems } from './constants.ts';

/** The phone's own identifier: what the app reads from the system (e.g. Android ID), URL-safe. */
export const deviceIdSchema = z
  .string()
  .trim()
  .min(4)
  .max(128)
  .regex(/^[\w.:-]+$/, 'Solo letras, números y los signos . : _ -')
  .describe("the phone's own identifier");

export const registerDevice = defineEndpoint({
  ...routes.registerDevice,
  summary:
    'The app registers this phone on the signed-in account and receives its device token; again with the same device_id it updates the phone and rotates the token',
  body: z.strictObject({
    device_id: deviceIdSchema,
    device_brand: singleLineTextSchema(60),
    device_name: singleLineTextSchema(80),
    device_model: singleLineTextSchema(60),
    device_so: z.enum(deviceOperatingSystems),
    device_soversion: z.number().min(0).max(1000),
  }),
  response: z.object({
    device: deviceSchema,
    device_token: z
      .string()
      .describe('bearer token of this phone for /api/device/* and the /device namespace'),
  }),
});

/** the name the owner gives a phone in the panel (decision 044) */
export const DEVICE_NAME_MAX = 40;

/**
 * The owner takes a phone off the account (decision 044): its token stops working,
 * its connection is closed, its open orders are cancelled, an open route ends, lost mode goes off and
 * its place in the plan is free. Like a wipe, it needs the password (and the two-step code when on).
 */
export const removeDevice = defineEndpoint({
  ...routes.removeDevice,
  summary:
    "Remove one of the signed-in user's phones: its token stops working at once and its place in the plan is free; its lost-mode reports and routes are kept or deleted",
  body: z.strictObject({
    device_id: deviceIdSchema,
    password: passwordSchema.describe('the account’s current password'),
    code: twoFactorCodeSchema.optional().describe('the two-step sign-in code, when two-step sign-in is on'),
    delete_data: z
      .boolean()
      .describe(
        "true: the phone's lost-mode reports (and their photos) and routes are deleted; false: they are kept (decision 044)",
      ),
  }),
  response: z.object({ status: z.literal('removed') }),
});

/** The owner renames a phone; the phone registering itself again does not undo it. */
export const renameDevice = defineEndpoint({
  ...routes.renameDevice,
  summary: "Rename one of the signed-in user's phones, as the panel shows it",
  body: z.strictObject({
    device_id: deviceIdSchema,
    name: singleLineTextSchema(
      DEVICE_NAME_MAX,
      `El nombre no puede superar los ${DEVICE_NAME_MAX} caracteres.`,
    ).describe('the new name, 1 to 40 characters, one line'),
  }),
  response: z.object({ device: deviceSchema }),
});
