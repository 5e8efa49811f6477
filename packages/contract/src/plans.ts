import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { emptyBodySchema, idSchema } from './common.ts';
import { planIncludeSchema, planSchema } from './user.ts';

/**
 * The plan catalogue and the price of a period (spec 2 Planes, 3, 7). The price rule for
 * longer periods is the server's (docs/decisions/008-payments-and-plan-periods.md); the panel shows
 * the amount and detail text it answers.
 */

/** spec 5/9: a plan is paid for 1, 6 or 12 months */
export const monthsPaidSchema = z
  .union([z.literal(1), z.literal(6), z.literal(12)], {
    error: 'El periodo debe ser de 1, 6 o 12 meses.',
  })
  .describe('months paid for: 1, 6 or 12');

export const planIdSchema = idSchema.describe('id of a plan of the catalogue');

export const getPlanes = defineEndpoint({
  ...routes.getPlanes,
  summary: 'The plan catalogue, in display order, and every feature a plan may include',
  body: emptyBodySchema,
  response: z.object({
    planes: z.array(planSchema),
    includes: z.array(planIncludeSchema).describe('every feature any plan may include'),
  }),
});

export const getToPayData = defineEndpoint({
  ...routes.getToPayData,
  summary:
    'The price of a plan for 1, 6 or 12 months: 6 months have 10% off and 12 months 20% off the monthly price',
  body: z.strictObject({ plan_id: planIdSchema, months_paid: monthsPaidSchema }),
  response: z.object({
    amount: z.number().int().describe('the amount to pay, CLP'),
    detail: z.string().describe('how the amount was made, in Spanish, for the person'),
  }),
});
