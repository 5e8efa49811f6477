import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { emptyBodySchema, idSchema, newPasswordSchema } from './common.ts';
import { deviceOperatingSystems } from './constants.ts';
import { networkMemberStatuses } from './network.ts';

/**
 * The review of a reclaimed account (decision 050): once the owner of the mailbox proved it for the
 * first time, they choose a password and answer "¿Es tuyo?" for each phone, network member or
 * invitation, and network membership made before that moment. Until then user details say
 * `account_review_pending` and the panel shows this before anything else.
 */
export const REVIEW_ITEM_KINDS = ['device', 'member', 'membership'] as const;

export const reviewDeviceSchema = z.object({
  id: idSchema.describe("the phone's internal id"),
  device_brand: z.string(),
  device_name: z.string(),
  device_model: z.string(),
  device_so: z.enum(deviceOperatingSystems),
  created_at: z.string().describe('ISO date-time it was registered'),
  last_seen_at: z.string().nullable().describe('ISO date-time of its last connection or disconnection'),
});

export const reviewMemberSchema = z.object({
  id: idSchema.describe('the invitation (security network entry)'),
  name: z.string().describe('as it was typed when inviting'),
  email: z.string(),
  status: z.enum(networkMemberStatuses).describe("'aceptada': a member; 'pendiente': an invitation"),
  created_at: z.string().describe('ISO date-time of the invitation'),
});

export const reviewMembershipSchema = z.object({
  id: idSchema.describe('the membership (security network entry)'),
  owner_name: z.string().describe("the name of the network's owner"),
  owner_email: z.string(),
  accepted_at: z.string().nullable().describe('ISO date-time the account joined'),
});

export const accountReviewSchema = z.object({
  pending: z.boolean().describe('something below is still waiting for an answer'),
  reclaimed_at: z
    .string()
    .nullable()
    .describe('ISO date-time the mailbox was proven; null: nothing to review'),
  password_needed: z.boolean().describe('the account has no password since the proof: choose one first'),
  devices: z.array(reviewDeviceSchema),
  members: z.array(reviewMemberSchema),
  memberships: z.array(reviewMembershipSchema),
});
export type AccountReview = z.infer<typeof accountReviewSchema>;

export const accountReview = defineEndpoint({
  ...routes.accountReview,
  summary: 'What a reclaimed account made before the proof of its mailbox and the owner has not answered yet',
  body: emptyBodySchema,
  response: accountReviewSchema,
});

export const accountReviewPassword = defineEndpoint({
  ...routes.accountReviewPassword,
  summary: "The reclaimed account's new password, while it has none",
  body: z
    .strictObject({
      password: newPasswordSchema.describe('the new password, 8 characters or more'),
      password_confirmation: z.string().max(128),
    })
    .refine((value) => value.password === value.password_confirmation, {
      path: ['password_confirmation'],
      message: 'Las contraseñas no coinciden, por favor verifica los datos ingresados.',
    }),
  response: accountReviewSchema,
});

export const accountReviewDecide = defineEndpoint({
  ...routes.accountReviewDecide,
  summary:
    "¿Es tuyo? for one item of the review: kept, or removed at once (a phone's token is revoked, a member's alert links end, a network is left)",
  body: z.strictObject({
    kind: z.enum(REVIEW_ITEM_KINDS),
    id: idSchema,
    keep: z.boolean().describe('true: "Sí, es mío"; false: remove it'),
  }),
  response: accountReviewSchema,
});
