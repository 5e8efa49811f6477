/**
 * The account's sales by referral (lib/personal-data.ts): its sales profile with the bank account of
 * its commissions, and the accounts it referred with their paid orders.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { definePersonalData, iso } from '../../lib/personal-data.ts';
import { users } from '../accounts/accounts.schema.ts';
import { payments } from '../payments/payments.schema.ts';
import { salesProfiles } from './sales.schema.ts';

export const salesData = definePersonalData({
  tables: [salesProfiles],
  export: {
    readme: `ventas.json
    Tu perfil de ventas por referidos (estado y cuenta bancaria para tus comisiones), las cuentas
    que se registraron con tu enlace y los pagos de esas cuentas.`,
    async write(ctx, out) {
      const [profile] = await ctx.db.select().from(salesProfiles).where(eq(salesProfiles.userId, out.userId));
      const referred = await ctx.db
        .select({ id: users.id, name: users.name, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.referredByUserId, out.userId))
        .orderBy(asc(users.id));
      const referredPaid = referred.length
        ? await ctx.db
            .select({
              userId: payments.userId,
              amount: payments.amount,
              paymentDate: payments.paymentDate,
              appliedAt: payments.appliedAt,
            })
            .from(payments)
            .where(
              and(
                inArray(
                  payments.userId,
                  referred.map((account) => account.id),
                ),
                eq(payments.status, 'paid'),
              ),
            )
            .orderBy(asc(payments.id))
        : [];
      Object.assign(out.json('ventas.json'), {
        perfil_de_ventas: profile
          ? {
              estado: profile.status === 1 ? 'activo' : 'suspendido',
              motivo_de_suspension: profile.suspendReason,
              banco: profile.bank,
              tipo_de_cuenta: profile.accountType,
              numero_de_cuenta: profile.accountNumber,
              titular: profile.holder,
              rut_del_titular: profile.holderRut,
              activado: iso(profile.createdAt),
            }
          : null,
        cuentas_referidas: referred.map((account) => ({
          nombre: account.name,
          registrada: iso(account.createdAt),
          pagos: referredPaid
            .filter((payment) => payment.userId === account.id)
            .map((payment) => ({
              monto_clp: payment.amount,
              fecha_de_pago: payment.paymentDate,
              aplicado: iso(payment.appliedAt),
            })),
        })),
      });
    },
  },
});
