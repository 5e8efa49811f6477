import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { PG_INTEGER_MAX, freeTextSchema, idSchema } from './common.ts';
import { atencionSummarySchema, operatorAtencionSchema } from './atenciones.ts';
import { PAGE_SIZE, PAGE_SIZE_MAX } from './constants.ts';
import {
  CENTRAL_CLOSE_NOTE_MAX,
  CENTRAL_LEVEL_MAX,
  centralEventKinds,
  centralEventStatuses,
  centralOutcomes,
} from './central-constants.ts';

/**
 * The 24/7 central's live queue (decision 062): every SOS and every phone put in lost mode (and the
 * phone events to come: a changed SIM or a signed-out app, `tamper`; a phone gone silent, `dark`)
 * is an event the operators see at once, sorted by priority and then oldest first. One operator
 * takes each (claim); while one of a customer's events is taken, that customer's new events go to
 * the same operator. Operators call `/api/operator/central/...`; a customer's session is FORBIDDEN.
 */

const eventIdSchema = idSchema.describe('id of the central event');
const operatorRefSchema = z.object({ id: idSchema, name: z.string() });

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
  claimed_by: operatorRefSchema.nullable(),
  claimed_at: z.string().nullable().describe('ISO date-time it was taken; null while open'),
  closed_at: z.string().nullable().describe('ISO date-time it was closed; null until then'),
  closed_by: operatorRefSchema.nullable(),
  outcome: z.enum(centralOutcomes).nullable().describe('what it turned out to be, once closed'),
  level: z.number().int().min(0).max(CENTRAL_LEVEL_MAX).nullable().describe('AVS-01 level, once closed'),
  close_note: z.string().nullable().describe("the closing operator's note, once closed"),
});
export type CentralEvent = z.infer<typeof centralEventSchema>;

export const getCentralQueue = defineEndpoint({
  ...routes.getCentralQueue,
  summary:
    "The central's queue: every open and taken event, highest priority first, then oldest first. Closed ones are in the history",
  body: z.strictObject({}),
  response: z.object({
    events: z.array(centralEventSchema),
    operator: z
      .object({ id: idSchema, name: z.string(), is_supervisor: z.boolean() })
      .describe('the calling operator: a supervisor may also reassign events'),
  }),
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

export const closeCentralEvent = defineEndpoint({
  ...routes.closeCentralEvent,
  summary:
    "Closes an event its caller holds, with what it turned out to be and its AVS-01 level. Closing an SOS also ends the customer's alert, which tells the customer and their network. CENTRAL_EVENT_NOT_CLAIMED for an open one, ALREADY_CLAIMED when another holds it, CENTRAL_EVENT_CLOSED once closed; nothing changes then",
  body: z.strictObject({
    event_id: eventIdSchema,
    outcome: z.enum(centralOutcomes),
    level: z.number().int().min(0).max(CENTRAL_LEVEL_MAX).describe('0 no contact … 4 threat to life'),
    note: freeTextSchema(CENTRAL_CLOSE_NOTE_MAX).describe('what was done; may be empty'),
  }),
  response: z.object({ status: z.literal('closed'), event: centralEventSchema }),
});

export const getCentralHistory = defineEndpoint({
  ...routes.getCentralHistory,
  summary: 'The closed events, newest closed first, with their outcome, level and times',
  body: z.strictObject({
    limit: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE),
    page: z.number().int().min(1).max(PG_INTEGER_MAX).default(1),
  }),
  response: z.object({ events: z.array(centralEventSchema), total: z.number().int() }),
});

export const getCentralOperators = defineEndpoint({
  ...routes.getCentralOperators,
  summary:
    'The active operators, with how many events each holds now: whom a supervisor can give an event to',
  body: z.strictObject({}),
  response: z.object({
    operators: z.array(
      z.object({
        id: idSchema,
        name: z.string(),
        is_supervisor: z.boolean(),
        holding: z.number().int().describe('events this operator holds now'),
      }),
    ),
  }),
});

export const assignCentralEvent = defineEndpoint({
  ...routes.assignCentralEvent,
  summary:
    "A supervisor gives an open or taken event to an operator (themselves included). FORBIDDEN to an operator who is not a supervisor, NOT_FOUND for an unknown event or a name that is not an active operator's, CENTRAL_EVENT_CLOSED once closed",
  body: z.strictObject({
    event_id: eventIdSchema,
    operator_id: idSchema.describe('the operator to give it to'),
  }),
  response: z.object({ status: z.literal('claimed'), event: centralEventSchema }),
});

const positionSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  at: z.string().describe('ISO date-time'),
});

/** What the operator holding an event sees to handle it, on one screen. */
export const centralEventDetailSchema = z.object({
  event: centralEventSchema,
  customer: z.object({
    id: idSchema,
    name: z.string(),
    email: z.string(),
    telefono: z.string().nullable(),
    rut: z.string().nullable(),
  }),
  device: z
    .object({
      device_id: z.string(),
      device_name: z.string(),
      device_brand: z.string(),
      device_model: z.string(),
      device_so: z.string(),
      online: z.boolean().describe('connected to the server now'),
      is_lost: z.boolean().describe('in lost mode'),
      battery: z.number().int().nullable(),
      network: z.string().nullable(),
      last_seen_at: z.string().nullable(),
    })
    .nullable(),
  positions: z
    .array(positionSchema)
    .describe("oldest first: the alert's for an SOS (the newest 200), otherwise the lost phone's reports"),
  route: z
    .array(positionSchema)
    .nullable()
    .describe("the phone's route while tracking is on (its newest 500 points, oldest first); null while off"),
  network: z
    .array(z.object({ name: z.string(), email: z.string(), telefono: z.string().nullable() }))
    .describe("the customer's security network (accepted members), to call them"),
  atenciones: z.array(atencionSummarySchema).describe("the customer's atenciones, newest first (10)"),
  atencion_id: idSchema.nullable().describe('the atención opened for this event, once one is'),
});
export type CentralEventDetail = z.infer<typeof centralEventDetailSchema>;

export const getCentralEventDetail = defineEndpoint({
  ...routes.getCentralEventDetail,
  summary:
    "Everything the operator holding an event needs to handle it: the customer, the phone and its last state, the positions, the network with their phone numbers, the earlier atenciones. Its holder's or a supervisor's alone: CENTRAL_EVENT_NOT_CLAIMED while open, ALREADY_CLAIMED to another operator. Every read is recorded in the customer's activity (`central_viewed`)",
  body: z.strictObject({ event_id: eventIdSchema }),
  response: centralEventDetailSchema,
});

export const openCentralAtencion = defineEndpoint({
  ...routes.openCentralAtencion,
  summary:
    "Opens an atención of the customer for an event its caller holds, linked to it (asking again gives the same one back); an SOS's positions are kept with it past their usual retention. Refused as closing is",
  body: z.strictObject({ event_id: eventIdSchema }),
  response: z.object({ atencion: operatorAtencionSchema }),
});
