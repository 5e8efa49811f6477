/**
 * Payment endpoints (decision 008). The panel's two calls go through the contract's router; Flow's two
 * callbacks are form-encoded and answer a redirect or a bare 200, so they are plain routes in a scope
 * of their own that also parses application/x-www-form-urlencoded (as does the sandbox, when on).
 */
import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { flowCallbackBodySchema, getOrderStatusByToken, newPlanPayment, routes } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import { resolveFlowSetup } from './flow-setup.ts';
import { registerFlowSandbox } from './flow-sandbox.ts';
import { confirmPayment, getOrderStatus, startPlanPayment } from './payments.service.ts';

export async function registerPaymentRoutes(
  app: FastifyInstance,
  route: Route,
  ctx: AppContext,
): Promise<void> {
  const flow = await resolveFlowSetup(ctx.env);
  if (flow.kind === 'sandbox') {
    // said in the log too, for deployments whose start banner nobody reads (staging)
    ctx.log.warn(
      'FLOW_API_KEY and FLOW_SECRET_KEY are not set: payments go to the built-in sandbox (no real money)',
    );
  }
  const deps = { ctx, flow };

  route(newPlanPayment, async ({ auth, body }) => ({
    code: 200 as const,
    flowData: await startPlanPayment(deps, auth.userId, body.plan_id, body.months_paid),
  }));
  route(getOrderStatusByToken, async ({ auth, body }) => ({
    code: 200 as const,
    orderStatus: await getOrderStatus(deps, auth.userId, body.order_token),
  }));

  await app.register(async (scope) => {
    await scope.register(formbody);
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.post(
      routes.flowReturn.path,
      {
        schema: {
          summary:
            "Flow sends the buyer's browser back here (form token); 303 to the panel's /planes?token=…",
          tags: ['pagos'],
          consumes: ['application/x-www-form-urlencoded'],
          body: flowCallbackBodySchema,
        },
      },
      // the panel asks for the order's status with the token; nothing is decided here
      async (request, reply) =>
        reply.redirect(`/planes?token=${encodeURIComponent(request.body.token)}`, 303),
    );
    typed.post(
      routes.flowConfirm.path,
      {
        schema: {
          summary:
            "Flow's confirmation, server to server (form token): the server asks Flow for the status and applies a paid order once",
          tags: ['pagos'],
          consumes: ['application/x-www-form-urlencoded'],
          body: flowCallbackBodySchema,
        },
      },
      async (request) => {
        await confirmPayment(deps, request.body.token);
        return { status: 'ok' };
      },
    );
    if (flow.kind === 'sandbox') registerFlowSandbox(scope, ctx, flow.keys);
  });
}
