/**
 * Sponsored sign-up (spec 1, 2 Register, 7; docs/api.md; decision 021). An organisation (a
 * sponsor, created by an operator with `npm run admin -- sponsor create`) hands out the link
 * `/register?sponsor_code=UNIQUE_ID`; whoever signs up through it starts the sponsor's plan for the
 * sponsor's months at no cost.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { planSchema } from './user.ts';

export const sponsorUniqueIdSchema = z
  .string()
  .trim()
  .min(1, 'Este campo es obligatorio')
  .max(64, 'El código de patrocinio no es válido.')
  .regex(/^[\w-]+$/, 'El código de patrocinio no es válido.')
  .describe("the sponsor's unique_id, as the link carries it");

export const getSponsorById = defineEndpoint({
  ...routes.getSponsorById,
  summary:
    'Who sponsors a sign-up link, and the plan it gives at no cost (query unique_id); 404 for an unknown or disabled sponsor',
  body: z.strictObject({ unique_id: sponsorUniqueIdSchema }),
  response: z.object({
    sponsor: z.object({
      name: z.string().describe("the sponsor's name"),
      plan: planSchema.describe('the plan the person gets'),
      months: z.number().int().describe('for how many months'),
    }),
  }),
});
