/**
 * Paying for a plan (decision 008). An order is a row of `payments`; Flow (or the sandbox)
 * takes the money. Nothing Flow's callbacks say is trusted: whenever an open order is looked at (Flow's
 * confirmation, or the panel asking for the status on return) the server asks Flow's getStatus, and a
 * paid order that matches what was ordered changes the account's plan in one transaction whose first
 * statement claims the order with a conditional UPDATE, so it happens exactly once.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { OrderStatus } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { createShortCode } from '../../lib/crypto/tokens.ts';
import { payments } from './payments.schema.ts';
import { planes } from '../plans/plans.schema.ts';
import { userPlans, users } from '../accounts/accounts.schema.ts';
import { findPlanOrThrow } from '../plans/plans.service.ts';
import { quotePlan, type MonthsPaid } from '../plans/pricing.ts';
import type { FlowPaymentStatus } from './flow-client.ts';
import type { FlowSetup } from './flow-setup.ts';
import { nextPlanPeriod } from '../plans/plan-period.ts';

type PaymentRow = typeof payments.$inferSelect;

/** the states in which an order may still move: Flow has it (or is about to) and nothing is final */
const OPEN_STATES: PaymentRow['status'][] = ['created', 'pending'];
const FINAL_STATE_OF_FLOW_STATUS = { 3: 'rejected', 4: 'cancelled' } as const;

export interface PaymentsDeps {
  ctx: AppContext;
  flow: FlowSetup;
}

function providerError(deps: PaymentsDeps, error: unknown, what: string, context: object): AppError {
  if (error instanceof AppError) return error;
  deps.ctx.log.error({ err: error, ...context }, `flow ${what} failed`);
  return new AppError('PAYMENT_PROVIDER_ERROR');
}

/** newPlanPayment: an order for the plan and period, and Flow's payment for it. */
export async function startPlanPayment(
  deps: PaymentsDeps,
  userId: number,
  planId: number,
  months: MonthsPaid,
): Promise<{ url: string; token: string }> {
  const { ctx } = deps;
  const { client } = deps.flow;
  const plan = await findPlanOrThrow(ctx, planId);
  const { amount } = quotePlan(plan, months);
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHENTICATED');

  const [order] = await ctx.db
    .insert(payments)
    .values({ userId, planId, monthsPaid: months, amount, commerceOrder: createShortCode(12) })
    .returning();
  if (!order) throw new Error('payment insert returned nothing');

  const env = ctx.env;
  try {
    const created = await client.createPayment({
      commerceOrder: order.commerceOrder,
      subject: `${env.BRAND_NAME}: plan ${plan.name}, ${months === 1 ? '1 mes' : `${months} meses`}`,
      amount,
      email: user.email,
      urlConfirmation: `${env.PUBLIC_URL}/api/pagos/flowConfirm`,
      urlReturn: `${env.PUBLIC_URL}/api/pagos/flowReturn`,
    });
    await ctx.db
      .update(payments)
      .set({
        status: 'pending',
        flowToken: created.token,
        flowOrder: created.flowOrder,
        flowStatus: 1,
        updatedAt: ctx.now(),
      })
      .where(eq(payments.id, order.id));
    return { url: created.url, token: created.token };
  } catch (error) {
    await ctx.db
      .update(payments)
      .set({
        status: 'failed',
        failureReason: String((error as Error).message).slice(0, 500),
        updatedAt: ctx.now(),
      })
      .where(eq(payments.id, order.id));
    throw providerError(deps, error, 'payment/create', { orderId: order.id });
  }
}

async function findOrderByToken(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select({ order: payments, planName: planes.name })
    .from(payments)
    .innerJoin(planes, eq(planes.id, payments.planId))
    .where(eq(payments.flowToken, token));
  return row;
}

export type SettleOutcome = 'applied' | 'unchanged' | 'refused';

/**
 * Asks Flow for an open order's status and records it: paid (and applied to the plan, once), rejected,
 * cancelled, still pending, or refused when Flow's payment is not what was ordered.
 */
async function settleOrder(deps: PaymentsDeps, order: PaymentRow): Promise<SettleOutcome> {
  const { ctx } = deps;
  const { client } = deps.flow;
  let status: FlowPaymentStatus;
  try {
    status = await client.getStatus(order.flowToken!);
  } catch (error) {
    throw providerError(deps, error, 'payment/getStatus', { orderId: order.id });
  }
  const now = ctx.now();
  const flowFields = {
    flowOrder: status.flowOrder,
    flowStatus: status.status,
    paymentMedia: status.paymentData?.media ?? null,
    paymentDate: status.paymentData?.date ?? null,
    updatedAt: now,
  };
  const isOpen = and(
    eq(payments.id, order.id),
    isNull(payments.appliedAt),
    inArray(payments.status, OPEN_STATES),
  );

  const mismatch =
    status.commerceOrder !== order.commerceOrder
      ? `commerceOrder ${status.commerceOrder} instead of ${order.commerceOrder}`
      : status.status === 2 && status.amount !== order.amount
        ? `amount ${status.amount} instead of ${order.amount}`
        : null;
  if (mismatch) {
    const [refused] = await ctx.db
      .update(payments)
      .set({ ...flowFields, status: 'refused', failureReason: mismatch })
      .where(isOpen)
      .returning({ id: payments.id });
    if (refused) {
      ctx.log.error(
        { orderId: order.id, userId: order.userId, flowOrder: status.flowOrder, mismatch },
        'flow payment does not match its order: refused, the plan is unchanged; needs a person (refund)',
      );
    }
    return 'refused';
  }

  if (status.status === 1) {
    await ctx.db.update(payments).set(flowFields).where(isOpen);
    return 'unchanged';
  }
  if (status.status !== 2) {
    const finalState = FINAL_STATE_OF_FLOW_STATUS[status.status as 3 | 4];
    await ctx.db
      .update(payments)
      .set({ ...flowFields, status: finalState })
      .where(isOpen);
    return 'unchanged';
  }

  return ctx.db.transaction(async (tx) => {
    // the claim: of any number of concurrent confirmations, one gets the row back
    const [claimed] = await tx
      .update(payments)
      .set({ ...flowFields, status: 'paid', appliedAt: now })
      .where(isOpen)
      .returning();
    if (!claimed) return 'unchanged';
    // the account was deleted while Flow still had the order open (decision 038): the payment is
    // recorded, as accounting asks, but there is no plan left to extend
    if (claimed.userId === null) {
      ctx.log.warn({ orderId: claimed.id }, 'payment confirmed for a deleted account: recorded, no plan');
      return 'unchanged';
    }
    const userId = claimed.userId;
    // two payments of one account confirmed at once apply one after the other
    const [current] = await tx.select().from(userPlans).where(eq(userPlans.userId, userId)).for('update');
    const prices = await tx
      .select({ id: planes.id, price: planes.price })
      .from(planes)
      .where(inArray(planes.id, current ? [claimed.planId, current.planId] : [claimed.planId]));
    const priceOf = (id: number) => prices.find((p) => p.id === id)?.price ?? 0;
    const period = nextPlanPeriod({
      current: current
        ? {
            planId: current.planId,
            price: priceOf(current.planId),
            startedAt: current.startedAt,
            expiresAt: current.expiresAt,
          }
        : null,
      plan: { id: claimed.planId, price: priceOf(claimed.planId) },
      months: claimed.monthsPaid,
      now,
    });
    if (current) {
      await tx
        .update(userPlans)
        .set({ planId: claimed.planId, ...period })
        .where(eq(userPlans.id, current.id));
    } else {
      await tx.insert(userPlans).values({ userId, planId: claimed.planId, ...period });
    }
    await tx.update(payments).set({ planExpiresAt: period.expiresAt }).where(eq(payments.id, claimed.id));
    ctx.log.info(
      { orderId: claimed.id, userId: claimed.userId, planId: claimed.planId, expiresAt: period.expiresAt },
      'plan payment applied',
    );
    return 'applied';
  });
}

/**
 * flowConfirm: Flow says something happened to the payment of `token`. Unknown tokens change nothing
 * (404); an open order is settled by asking Flow; a refused one answers PAYMENT_MISMATCH so that Flow
 * alerts the merchant too.
 */
export async function confirmPayment(deps: PaymentsDeps, token: string): Promise<void> {
  const found = await findOrderByToken(deps.ctx, token);
  if (!found) {
    deps.ctx.log.warn({ token: token.slice(0, 60) }, 'flow confirmation for an unknown token: ignored');
    throw new AppError('NOT_FOUND', 'No encontramos esa orden de pago.');
  }
  if (!OPEN_STATES.includes(found.order.status)) {
    if (found.order.status === 'refused') throw new AppError('PAYMENT_MISMATCH');
    return;
  }
  if ((await settleOrder(deps, found.order)) === 'refused') throw new AppError('PAYMENT_MISMATCH');
}

/**
 * getOrderStatusByToken: one of the user's orders, settled first if it is still open. Another user's
 * order is answered as an unknown one (404, decision 012): the answer never tells that a token exists.
 */
export async function getOrderStatus(
  deps: PaymentsDeps,
  userId: number,
  token: string,
): Promise<OrderStatus> {
  const { ctx } = deps;
  let found = await findOrderByToken(ctx, token);
  if (!found || found.order.userId !== userId) {
    throw new AppError('NOT_FOUND', 'No encontramos esa orden de pago.');
  }
  if (OPEN_STATES.includes(found.order.status)) {
    await settleOrder(deps, found.order);
    found = (await findOrderByToken(ctx, token))!;
  }
  const { order, planName } = found;
  return {
    flowOrder: order.flowOrder,
    commerceOrder: order.commerceOrder,
    amount: order.amount,
    status: (order.flowStatus ?? 1) as OrderStatus['status'],
    paymentData: { media: order.paymentMedia, date: order.paymentDate },
    plan_id: order.planId,
    plan_name: planName,
    months_paid: order.monthsPaid as MonthsPaid,
    expires_at: order.planExpiresAt?.toISOString() ?? null,
  };
}
