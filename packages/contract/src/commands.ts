import { z } from 'zod';
import { LOCK_PIN_LENGTH } from './constants.ts';
import { idSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';

/**
 * Orders for a phone (decision 007). The panel's HTTP calls create them; the server keeps each one's
 * state and delivers it to the phone over the `/device` namespace, again after every reconnection
 * until the phone has answered. docs/device-protocol.md tells the whole story.
 */

/** spec 5/9: exactly 4 digits */
export const lockPinSchema = z
  .string()
  .regex(new RegExp(`^\\d{${LOCK_PIN_LENGTH}}$`), `El PIN debe tener exactamente ${LOCK_PIN_LENGTH} dígitos.`)
  .describe('the PIN the phone locks its screen with: exactly 4 digits');

export const commandTypes = ['lock', 'wipe', 'lostOn', 'lostOff', 'trackingOn', 'trackingOff'] as const;
export const commandTypeSchema = z
  .enum(commandTypes)
  .describe('lock the screen with a PIN, wipe the phone, turn lost mode or live tracking on or off');
export type CommandType = z.infer<typeof commandTypeSchema>;

/**
 * sent: stored, on its way to the phone (or waiting for it to connect);
 * delivered: the phone acknowledged it (`imHere` with its id);
 * done: the phone carried it out (for a wipe: it started erasing, `deleting`);
 * failed: the phone could not carry it out (it says why);
 * cancelled: a wipe stopped in its cancel window (`cancelingWipe`), or any order the owner cancelled
 *   while it was still `sent` (cancelCommand): the phone never gets it;
 * expired: an order other than tracking's not delivered within COMMAND_PENDING_DAYS (decision 043);
 *   it will never run.
 */
export const commandStates = ['sent', 'delivered', 'done', 'failed', 'cancelled', 'expired'] as const;
export const commandStateSchema = z.enum(commandStates);
export type CommandState = z.infer<typeof commandStateSchema>;
/** states after which nothing more happens to a command */
export const finalCommandStates: readonly CommandState[] = ['done', 'failed', 'cancelled', 'expired'];

export const commandIdSchema = idSchema.describe('id of the command');

/** A command as the panel sees it (no PIN: it is the phone's business only). */
export const commandSchema = z.object({
  id: commandIdSchema,
  device_id: z.string().describe("the phone's own identifier"),
  type: commandTypeSchema,
  state: commandStateSchema,
  /** why it failed, in the phone's words; null otherwise */
  reason: z.string().nullable(),
  created_at: z.string().describe('ISO date-time'),
  updated_at: z.string().describe('ISO date-time of the last change of state'),
  expires_at: z
    .string()
    .nullable()
    .describe(
      'ISO date-time after which the order, if still undelivered, expires (decision 043); null for tracking orders, which end with their route',
    ),
});
export type Command = z.infer<typeof commandSchema>;

export const cancelCommand = defineEndpoint({
  ...routes.cancelCommand,
  summary:
    "Cancels an order that has not reached the phone yet (state sent): it becomes cancelled and is never sent to the phone. An order the phone already has is refused (COMMAND_NOT_PENDING); another user's is NOT_FOUND (decision 043)",
  body: z.strictObject({
    command_id: idSchema.describe("the id of the order, as the order's answer gave it"),
  }),
  response: z.object({ command: commandSchema }),
});

const phoneCommandBase = {
  id: commandIdSchema,
  created_at: z.string().describe('ISO date-time the owner gave the order'),
};

/** A command as the phone receives it (`command` message on `/device`). */
export const phoneCommandSchema = z.discriminatedUnion('type', [
  z.object({ ...phoneCommandBase, type: z.literal('lock'), pin: lockPinSchema }),
  z.object({ ...phoneCommandBase, type: z.literal('wipe') }),
  z.object({
    ...phoneCommandBase,
    type: z.literal('lostOn'),
    report_every_s: z
      .number()
      .int()
      .positive()
      .describe('seconds between two lost-mode reports (location and photo); spec 9: one hour'),
  }),
  z.object({ ...phoneCommandBase, type: z.literal('lostOff') }),
  z.object({
    ...phoneCommandBase,
    type: z.literal('trackingOn'),
    tracking_id: idSchema.describe('the route to add points to (routePoints)'),
    interval_s: z.number().int().positive().describe('seconds between two route points'),
  }),
  z.object({
    ...phoneCommandBase,
    type: z.literal('trackingOff'),
    tracking_id: idSchema.describe('the route that ends'),
  }),
]);
export type PhoneCommand = z.infer<typeof phoneCommandSchema>;
