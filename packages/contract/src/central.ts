import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { idSchema } from './common.ts';

/**
 * The 24/7 central's live queue (decision 062): every SOS and every phone put in lost mode (and the
 * phone events to come: a changed SIM or a signed-out app, `tamper`; a phone gone silent, `dark`)
 * is an event the operators see at once, sorted by priority and then oldest first. One operator
 * takes each (claim); while one of a customer's events is taken, that customer's new events go to
 * the same operator. Operators call `/api/operator/central/...`; a customer's session is FORBIDDEN.
 */

export const centralEventKinds = ['sos', 'tamper', 'lost_mode', 'dark'] as const;
export type CentralEventKind = (typeof centralEventKinds)[number];

/** higher first: a person in danger, then a phone in a thief's hands, then a phone that went quiet */
export const CENTRAL_EVENT_PRIORITY: Record<CentralEventKind, number> = {
  sos: 4,
  tamper: 3,
  lost_mode: 2,
  dark: 1,
};

export const centralEventStatuses = ['open', 'claimed', 'closed'] as const;
export type CentralEventStatus = (typeof centralEventStatuses)[number];

const eventIdSchema = idSchema.describe('id of the central event');

export const centralEventSchema = z.object({
  id: eventIdSchema,
  kind: z.enum(centralEventKinds),
  priority: z.number().int().describe('higher first (CENTRAL_EVENT_PRIORITY)'),
  created_at: z.string().describe('ISO date-time it was raised'),
  status: z.enum(centralEventStatuses),
  customer: z.object({
    id: idSchema,
    name: z.string(),
    telefono: z.string().nullable().describe("the customer's phone number, to call them"),
  }),
  device: z
    .object({ device_id: z.string(), device_name: z.string(), device_so: z.string() })
    .nullable()
    .describe('the phone it is about; null once the phone was removed'),
  last_position: z
    .object({ lat: z.number(), lng: z.number(), at: z.string().describe('ISO date-time') })
    .nullable()
    .describe("the alert's last position for an SOS, otherwise the phone's last known one"),
  claimed_by: z.object({ id: idSchema, name: z.string() }).nullable(),
  claimed_at: z.string().nullable().describe('ISO date-time it was taken; null while open'),
});
export type CentralEvent = z.infer<typeof centralEventSchema>;

export const getCentralQueue = defineEndpoint({
  ...routes.getCentralQueue,
  summary:
    "The central's queue: every open and taken event, highest priority first, then oldest first. Closed ones are in the history",
  body: z.strictObject({}),
  response: z.object({ events: z.array(centralEventSchema) }),
});

export const claimCentralEvent = defineEndpoint({
  ...routes.claimCentralEvent,
  summary:
    'Takes an open event for the calling operator, atomically across processes: the first caller gets it; every other gets ALREADY_CLAIMED naming who holds it. Taking again an event one already holds answers it as it is. CENTRAL_EVENT_CLOSED once closed, NOT_FOUND for an unknown id; nothing changes then',
  body: z.strictObject({ event_id: eventIdSchema }),
  response: z.object({ status: z.literal('claimed'), event: centralEventSchema }),
});

export const releaseCentralEvent = defineEndpoint({
  ...routes.releaseCentralEvent,
  summary:
    'Gives a taken event back to the queue, open to every operator. Only its holder may: ALREADY_CLAIMED names the holder to anyone else, CENTRAL_EVENT_NOT_CLAIMED for an open one, CENTRAL_EVENT_CLOSED once closed',
  body: z.strictObject({ event_id: eventIdSchema }),
  response: z.object({ status: z.literal('open'), event: centralEventSchema }),
});
