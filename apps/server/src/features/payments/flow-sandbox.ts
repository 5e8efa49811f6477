/**
 * The built-in Flow sandbox (decision 008): what Flow does, close enough to develop and test against
 * without an account. Under /flow-sandbox it answers `api/payment/create` (form POST) and
 * `api/payment/getStatus` (GET), checking the apiKey and the signature as Flow does, and shows a pay
 * page (`pay?token=…`) with 'Pagar' and 'Rechazar'. Choosing one records the result, calls the
 * merchant's urlConfirmation server to server (form `token`), and sends the browser back to its
 * urlReturn with a POST of the token (a 307 keeps the form's method and body), as Flow does.
 *
 * Only registered when no Flow keys are set, outside production (flow-setup.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { PG_INTEGER_MAX, chileDateParts, flowTokenSchema, singleLineTextSchema } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { flowSandboxPayments } from './payments.schema.ts';
import { isUniqueViolation } from '../../lib/db/errors.ts';
import { hasValidFlowSignature } from './flow-client.ts';
import { FLOW_SANDBOX_PATH, type SandboxKeys } from './flow-setup.ts';
import { renderNotFoundPage, renderPayPage } from './flow-sandbox.page.ts';

/** what the sandbox answers as the payment method of every payment */
export const SANDBOX_MEDIA = 'Webpay (sandbox)';
/** Flow gives its callbacks 15 s */
const CONFIRMATION_TIMEOUT_MS = 15_000;

/** Flow's dates: YYYY-MM-DD HH:mm:ss in Chile's time */
export function formatFlowDate(date: Date): string {
  const part = chileDateParts(date)!;
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

const stringParams = z.record(z.string(), z.string());

// what the sandbox stores must fit its table: text PostgreSQL can hold, an amount in an integer
const createParamsSchema = z.object({
  commerceOrder: singleLineTextSchema(45),
  subject: singleLineTextSchema(255),
  currency: z.literal('CLP').default('CLP'),
  amount: z.coerce.number().int().positive().max(PG_INTEGER_MAX),
  email: z.email(),
  urlConfirmation: z.url(),
  urlReturn: z.url(),
});

type SandboxRow = typeof flowSandboxPayments.$inferSelect;

function flowError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.status(status).send({ code, message });
}

function toStatusResponse(row: SandboxRow) {
  const done = row.status !== 1;
  return {
    flowOrder: row.flowOrder,
    commerceOrder: row.commerceOrder,
    requestDate: formatFlowDate(row.createdAt),
    status: row.status,
    subject: row.subject,
    currency: row.currency,
    amount: row.amount,
    payer: row.email,
    optional: null,
    pending_info: { media: null, date: null },
    paymentData: {
      date: done ? row.paidAt : null,
      media: done ? row.media : null,
      conversionDate: null,
      conversionRate: null,
      amount: done ? row.amount : null,
      currency: done ? row.currency : null,
      fee: null,
      balance: null,
      transferDate: null,
    },
    merchantId: null,
  };
}

export function registerFlowSandbox(scope: FastifyInstance, ctx: AppContext, keys: SandboxKeys): void {
  const base = FLOW_SANDBOX_PATH;
  const hide = { hide: true } as const;

  /** Flow refuses a call whose apiKey is not the merchant's or whose signature does not match. */
  function checkCredentials(params: unknown, reply: FastifyReply): Record<string, string> | null {
    const parsed = stringParams.safeParse(params ?? {});
    if (!parsed.success) {
      void flowError(reply, 400, 100, 'Invalid parameters');
      return null;
    }
    if (parsed.data.apiKey !== keys.apiKey) {
      void flowError(reply, 401, 108, 'Invalid apiKey');
      return null;
    }
    if (!hasValidFlowSignature(parsed.data, keys.secretKey)) {
      void flowError(reply, 401, 108, 'Invalid signature');
      return null;
    }
    return parsed.data;
  }

  /** the payment of a token; anything that is not a token's shape is no payment (and never a query) */
  const findByToken = async (token: unknown) => {
    const parsed = flowTokenSchema.safeParse(token);
    if (!parsed.success) return undefined;
    return (
      await ctx.db.select().from(flowSandboxPayments).where(eq(flowSandboxPayments.token, parsed.data))
    )[0];
  };

  scope.post(`${base}/api/payment/create`, { schema: hide }, async (request, reply) => {
    const params = checkCredentials(request.body, reply);
    if (!params) return reply;
    const input = createParamsSchema.safeParse(params);
    if (!input.success) return flowError(reply, 400, 100, `Invalid parameters: ${input.error.message}`);
    const token = randomBytes(20).toString('hex').toUpperCase();
    try {
      const [row] = await ctx.db
        .insert(flowSandboxPayments)
        .values({ ...input.data, token })
        .returning({ flowOrder: flowSandboxPayments.flowOrder });
      return { url: `${ctx.env.PUBLIC_URL}${base}/pay`, token, flowOrder: row!.flowOrder };
    } catch (error) {
      if (isUniqueViolation(error)) return flowError(reply, 400, 1605, 'commerceOrder already exists');
      throw error;
    }
  });

  scope.get(`${base}/api/payment/getStatus`, { schema: hide }, async (request, reply) => {
    const params = checkCredentials(request.query, reply);
    if (!params) return reply;
    const row = await findByToken(params.token);
    if (!row) return flowError(reply, 400, 105, 'Invalid token');
    return toStatusResponse(row);
  });

  scope.get(`${base}/pay`, { schema: hide }, async (request, reply) => {
    const { token } = (request.query ?? {}) as { token?: unknown };
    const row = await findByToken(token);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!row) return reply.status(404).send(renderNotFoundPage());
    return reply.send(renderPayPage(row, ctx.env.BRAND_NAME));
  });

  async function finish(given: unknown, status: 2 | 3, reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    const parsed = flowTokenSchema.safeParse(given);
    if (!parsed.success) {
      return reply.status(404).type('text/html; charset=utf-8').send(renderNotFoundPage());
    }
    const token = parsed.data;
    // only a pending payment moves, once; a second click just goes back to the merchant
    const [changed] = await ctx.db
      .update(flowSandboxPayments)
      .set({ status, media: SANDBOX_MEDIA, paidAt: formatFlowDate(ctx.now()) })
      .where(and(eq(flowSandboxPayments.token, token), eq(flowSandboxPayments.status, 1)))
      .returning();
    const row = changed ?? (await findByToken(token));
    if (!row) return reply.status(404).type('text/html; charset=utf-8').send(renderNotFoundPage());
    if (changed) await confirmToMerchant(ctx, row);
    return reply.redirect(row.urlReturn, 307);
  }

  scope.post(`${base}/pay/accept`, { schema: hide }, (request, reply) =>
    finish((request.body as { token?: unknown } | undefined)?.token, 2, reply),
  );
  scope.post(`${base}/pay/reject`, { schema: hide }, (request, reply) =>
    finish((request.body as { token?: unknown } | undefined)?.token, 3, reply),
  );
}

/** Flow's confirmation: a server-to-server form POST of the token; anything but 200 is only logged. */
async function confirmToMerchant(ctx: AppContext, row: SandboxRow): Promise<void> {
  try {
    const response = await fetch(row.urlConfirmation, {
      method: 'POST',
      body: new URLSearchParams({ token: row.token }),
      signal: AbortSignal.timeout(CONFIRMATION_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status !== 200) {
      ctx.log.warn(
        { flowOrder: row.flowOrder, status: response.status },
        'flow sandbox: the confirmation was not answered 200',
      );
    }
  } catch (error) {
    ctx.log.warn({ err: error, flowOrder: row.flowOrder }, 'flow sandbox: the confirmation failed');
  }
}
