import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { monthsPaidSchema, planIdSchema } from './plans.ts';

/**
 * Paying for a plan through Flow (spec 2 Planes, 3, 4 Payment, 7; docs/api.md "Flow"; decision 008). The panel
 * starts a payment, sends the browser to Flow's page, and on return asks for the order's status by
 * the token Flow gave. Flow itself tells the server through `flowConfirm`, and the buyer's browser
 * comes back through `flowReturn`; neither is trusted: the server asks Flow for the status.
 */

/** Flow's status of an order: 1 pending, 2 paid, 3 rejected, 4 cancelled (spec 3: 2 means paid) */
export const flowStatusSchema = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
  .describe("Flow's status: 1 pending, 2 paid, 3 rejected, 4 cancelled");

/** A token as Flow hands them out; anything longer or stranger is not one. */
export const flowTokenSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[\w-]+$/, 'El token no es válido.')
  .describe("Flow's token of the payment");

export const newPlanPayment = defineEndpoint({
  ...routes.newPlanPayment,
  summary:
    "Starts paying for a plan: creates the order and Flow's payment; the browser goes to flowData.url + '?token=' + flowData.token",
  body: z.strictObject({ plan_id: planIdSchema, months_paid: monthsPaidSchema }),
  response: z.object({
    code: z.literal(200),
    flowData: z.object({
      url: z.string().describe("Flow's payment page, without the token"),
      token: z.string().describe("Flow's token of this payment"),
    }),
  }),
});

/** spec 3: Order status (flowOrder, amount, status, paymentData with media and date) */
export const orderStatusSchema = z.object({
  flowOrder: z.number().int().nullable().describe("Flow's order number; null if Flow never took it"),
  commerceOrder: z.string().describe('our order number, as sent to Flow'),
  amount: z.number().int().describe('CLP'),
  status: flowStatusSchema,
  paymentData: z.object({
    media: z.string().nullable().describe('payment method, e.g. "Webpay"'),
    date: z
      .string()
      .nullable()
      .describe('when it was paid, as Flow says it: YYYY-MM-DD HH:mm:ss, Chile time'),
  }),
  plan_id: planIdSchema,
  plan_name: z.string(),
  months_paid: monthsPaidSchema,
  expires_at: z
    .string()
    .nullable()
    .describe("ISO date-time the account's plan runs until after this payment; null unless it was applied"),
});
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const getOrderStatusByToken = defineEndpoint({
  ...routes.getOrderStatusByToken,
  summary:
    "The status of one of the user's orders by Flow's token (asks Flow when it is still open, and applies a paid one to the plan)",
  body: z.strictObject({ order_token: flowTokenSchema }),
  response: z.object({ code: z.literal(200), orderStatus: orderStatusSchema }),
});

/** What Flow POSTs, form-encoded, to flowReturn (the buyer's browser) and flowConfirm (Flow's server). */
export const flowCallbackBodySchema = z.object({ token: flowTokenSchema });
