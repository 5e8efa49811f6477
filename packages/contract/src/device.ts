import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { deviceSchema } from './user.ts';
import { singleLineTextSchema } from './common.ts';
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
