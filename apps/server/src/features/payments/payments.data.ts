/**
 * The account's payments (lib/personal-data.ts): pagos.json in the export (never Flow's payment
 * token). They outlive a deleted account, for accounting, without the person: the row loses its
 * account (ON DELETE SET NULL) and keeps the referrer, so the referrer's commission keeps its amount;
 * the built-in Flow sandbox's copy of an order forgets the payer's e-mail.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { definePersonalData, iso } from '../../lib/personal-data.ts';
import { users } from '../accounts/accounts.schema.ts';
import { planes } from '../plans/plans.schema.ts';
import { flowSandboxPayments, payments } from './payments.schema.ts';

export const paymentsData = definePersonalData({
  tables: [payments, flowSandboxPayments],
  export: {
    readme: `pagos.json
    Tus órdenes de pago de planes: plan, meses, monto, estado, medio y fecha de pago según Flow.`,
    async write(ctx, out) {
      const paid = await ctx.db
        .select({ payment: payments, plan: planes.name })
        .from(payments)
        .innerJoin(planes, eq(planes.id, payments.planId))
        .where(eq(payments.userId, out.userId))
        .orderBy(asc(payments.id));
      out.json('pagos.json').pagos = paid.map(({ payment, plan }) => ({
        orden: payment.commerceOrder,
        orden_flow: payment.flowOrder,
        plan,
        meses: payment.monthsPaid,
        monto_clp: payment.amount,
        estado: payment.status,
        medio_de_pago: payment.paymentMedia,
        fecha_de_pago: payment.paymentDate,
        motivo_de_falla: payment.failureReason,
        aplicado: iso(payment.appliedAt),
        plan_vigente_hasta: iso(payment.planExpiresAt),
        creado: iso(payment.createdAt),
      }));
    },
  },
  deletion: {
    async erase(tx, account) {
      const [user] = await tx
        .select({ referredBy: users.referredByUserId })
        .from(users)
        .where(eq(users.id, account.userId));
      await tx
        .update(payments)
        .set({ deletedAccountReferrerId: user?.referredBy ?? null })
        .where(eq(payments.userId, account.userId));
      const orders = tx
        .select({ commerceOrder: payments.commerceOrder })
        .from(payments)
        .where(eq(payments.userId, account.userId));
      await tx
        .update(flowSandboxPayments)
        .set({ email: '' })
        .where(inArray(flowSandboxPayments.commerceOrder, orders));
    },
  },
});
