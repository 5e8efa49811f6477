/**
 * The referral sales programme (decision 020). Money comes only from `payments` rows in
 * state `paid`: an order is one row however many times Flow confirms it (payments.service.ts claims it
 * once), and a rejected, cancelled or refused order never reaches `paid`. A paid order counts in the
 * month Flow says it was paid, in Chile's time; commissions are whole pesos rounded down
 * (`commissionOf`).
 */
import { and, count, desc, eq, gte, or } from 'drizzle-orm';
import {
  SALES_DETAIL_COMMISSION_PERCENT,
  chileDateParts,
  commissionOf,
  latestYearMonth,
  shiftYearMonth,
  yearMonthKey,
  type BankAccount,
  type ReferredPayment,
  type SalesResumen,
  type YearMonth,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { payments } from '../payments/payments.schema.ts';
import { salesProfiles } from './sales.schema.ts';
import { users } from '../accounts/accounts.schema.ts';

type Db = AppContext['db'];

/**
 * The referrer of a sign-up's share code: the account whose `codigo_invitacion` it is. Checked before
 * the account exists, so a bad link creates nothing and says why (on the field, like the other codes).
 * `forUserId` is the account being referred, when it already exists: nobody refers themselves.
 */
export async function findReferrer(ctx: AppContext, code: string, forUserId?: number) {
  const [referrer] = await ctx.db
    .select({ id: users.id })
    .from(users)
    // codes are handed out upper-case; a link typed by hand in lower case still works
    .where(eq(users.codigoInvitacion, code.trim().toUpperCase()));
  if (!referrer) {
    const { message } = new AppError('REFERRAL_CODE_INVALID');
    throw new AppError('REFERRAL_CODE_INVALID', message, { sharecode: message });
  }
  if (referrer.id === forUserId) {
    const { message } = new AppError('REFERRAL_OWN');
    throw new AppError('REFERRAL_OWN', message, { sharecode: message });
  }
  return referrer;
}

/** Chile's current month */
function chileMonthOf(date: Date): YearMonth {
  const parts = chileDateParts(date)!;
  return { year: Number(parts.year), month: Number(parts.month) };
}

/** "YYYY-MM-DD HH:mm:ss", Chile's time, as Flow writes its dates */
function chileDateTime(date: Date): string {
  const p = chileDateParts(date)!;
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * When an order was paid, in Chile's time: Flow's own date (it writes Chile's time), or, should Flow
 * not have given one, the moment the server recorded it as paid.
 */
function paidAtOf(row: { paymentDate: string | null; appliedAt: Date | null }): string {
  if (row.paymentDate && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(row.paymentDate))
    return row.paymentDate;
  return chileDateTime(row.appliedAt!);
}

/**
 * The first instant of a Chile month, minus a day: a lower bound for rows of that month or later,
 * whatever Chile's offset that day (UTC-3 or UTC-4), without time-zone arithmetic in SQL.
 */
function boundBefore({ year, month }: YearMonth): Date {
  return new Date(Date.UTC(year, month - 1, 1) - 24 * 60 * 60 * 1000);
}

async function salesStatusOf(db: Db, userId: number) {
  const [profile] = await db
    .select({ status: salesProfiles.status })
    .from(salesProfiles)
    .where(eq(salesProfiles.userId, userId));
  return (profile?.status ?? null) as 1 | 2 | null;
}

/** app/sales/getStatus: my sales status and the accounts I referred, newest first, paged. */
export async function getSalesStatus(
  ctx: AppContext,
  userId: number,
  paging: { limit: number; page: number },
) {
  const mine = eq(users.referredByUserId, userId);
  const [status, rows, [total]] = await Promise.all([
    salesStatusOf(ctx.db, userId),
    ctx.db
      .select({ id: users.id, name: users.name, createdAt: users.createdAt })
      .from(users)
      .where(mine)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    ctx.db.select({ total: count() }).from(users).where(mine),
  ]);
  return {
    status,
    referred: rows.map((row) => ({
      user: { id: row.id, name: row.name },
      created_at: row.createdAt.toISOString(),
    })),
    total_referred: total?.total ?? 0,
  };
}

/** app/sales/changeStatus: 1 activates (or reactivates) the profile, 2 suspends it. */
export async function changeSalesStatus(
  ctx: AppContext,
  userId: number,
  input: { status: 1 | 2; suspend_reason?: string | null | undefined },
) {
  const values = { status: input.status, suspendReason: input.suspend_reason ?? null, updatedAt: ctx.now() };
  await ctx.db
    .insert(salesProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: salesProfiles.userId, set: values });
  return { status: input.status };
}

/** app/sales/getSalesData: the summary's percent (env), and the payout account. */
export async function getSalesData(ctx: AppContext, userId: number) {
  const [profile] = await ctx.db.select().from(salesProfiles).where(eq(salesProfiles.userId, userId));
  const hasAccount = profile?.bank && profile.accountType && profile.accountNumber && profile.holder;
  return {
    salesData: {
      referred_comision: ctx.env.SALES_COMMISSION_PERCENT,
      button_comision: 0,
      bank_account: hasAccount
        ? {
            bank: profile.bank!,
            account_type: profile.accountType as BankAccount['account_type'],
            account_number: profile.accountNumber!,
            holder: profile.holder!,
            rut: profile.holderRut ?? '',
          }
        : null,
    },
  };
}

/** app/sales/updateBankAccount: the account commissions are paid to; the profile must be activated. */
export async function updateBankAccount(ctx: AppContext, userId: number, account: BankAccount) {
  const [updated] = await ctx.db
    .update(salesProfiles)
    .set({
      bank: account.bank,
      accountType: account.account_type,
      accountNumber: account.account_number,
      holder: account.holder,
      holderRut: account.rut,
      updatedAt: ctx.now(),
    })
    .where(eq(salesProfiles.userId, userId))
    .returning({ userId: salesProfiles.userId });
  if (!updated)
    throw new AppError('FORBIDDEN', 'Activa tu perfil de ventas antes de registrar tu cuenta bancaria.');
  return { status: 'ok' as const };
}

/**
 * The paid orders of the accounts `referrerId` referred, applied since `since`: those of accounts
 * that still exist, and those of accounts since deleted, which keep their referrer without the person
 * (`deletedAccountReferrerId`, decision 038). `referredId` asks for one existing account's.
 */
function paidOrdersOfReferred(db: Db, referrerId: number, since: Date, referredId?: number) {
  return db
    .select({
      id: payments.id,
      userId: payments.userId,
      amount: payments.amount,
      flowOrder: payments.flowOrder,
      paymentMedia: payments.paymentMedia,
      paymentDate: payments.paymentDate,
      appliedAt: payments.appliedAt,
    })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .where(
      and(
        referredId === undefined
          ? or(eq(users.referredByUserId, referrerId), eq(payments.deletedAccountReferrerId, referrerId))
          : eq(users.referredByUserId, referrerId),
        eq(payments.status, 'paid'),
        gte(payments.appliedAt, since),
        ...(referredId === undefined ? [] : [eq(payments.userId, referredId)]),
      ),
    )
    .orderBy(payments.appliedAt, payments.id);
}

/**
 * app/sales/getSalesResumen: month `month` (the latest such month, Chile's calendar): my referred
 * accounts that signed up in it, their orders paid in it and the amount, the month before's amount,
 * my commission, and new referred accounts in each of the twelve months ending with it. Grouped in
 * JavaScript by Chile's calendar (a referrer's rows of a year are few; SQL would need time-zone data
 * the embedded database may lack).
 */
export async function getSalesResumen(ctx: AppContext, userId: number, month: number): Promise<SalesResumen> {
  const selected = latestYearMonth(month, chileMonthOf(ctx.now()));
  const months = Array.from({ length: 12 }, (_, i) => shiftYearMonth(selected, i - 11));
  const keys = months.map(yearMonthKey);
  const selectedKey = yearMonthKey(selected);
  const previousKey = yearMonthKey(shiftYearMonth(selected, -1));

  const [referred, orders] = await Promise.all([
    ctx.db
      .select({ id: users.id, createdAt: users.createdAt })
      .from(users)
      .where(and(eq(users.referredByUserId, userId), gte(users.createdAt, boundBefore(months[0]!))))
      .orderBy(users.createdAt, users.id),
    paidOrdersOfReferred(ctx.db, userId, boundBefore(shiftYearMonth(selected, -1))),
  ]);

  const referredByMonth = new Map(keys.map((key) => [key, 0]));
  const referredInMonth: number[] = [];
  for (const row of referred) {
    const key = yearMonthKey(chileMonthOf(row.createdAt));
    if (!referredByMonth.has(key)) continue;
    referredByMonth.set(key, referredByMonth.get(key)! + 1);
    if (key === selectedKey) referredInMonth.push(row.id);
  }

  const userPayments: SalesResumen['user_payments'] = [];
  let amount = 0;
  let previousAmount = 0;
  for (const order of orders) {
    const fecha = paidAtOf(order);
    const key = fecha.slice(0, 7);
    if (key === selectedKey) {
      amount += order.amount;
      userPayments.push({ id: order.id, user_id: order.userId, amount: order.amount, fecha });
    } else if (key === previousKey) {
      previousAmount += order.amount;
    }
  }

  const percent = ctx.env.SALES_COMMISSION_PERCENT;
  return {
    user_referred_id: referredInMonth,
    user_payments: userPayments,
    amount_payments: amount,
    amount_previous_payments: previousAmount,
    current_month: selected.month,
    year: selected.year,
    array_months: keys,
    referred_by_month: keys.map((key) => referredByMonth.get(key)!),
    referred_comision: percent,
    commission: commissionOf(amount, percent),
  };
}

/**
 * app/sales/getUserPaymentStatus: the paid orders of one account I referred, with the total and the
 * commission at spec 9's fixed 20 %: with `month`, only those paid in it (the period chosen in
 * Resumen, the same month getSalesResumen picks), otherwise all of them. Any other account, existing
 * or not, is 403 (docs/api.md: another user's referral), the same answer either way.
 */
export async function getUserPaymentStatus(
  ctx: AppContext,
  userId: number,
  referredId: number,
  month?: number,
) {
  const [referred] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, referredId), eq(users.referredByUserId, userId)));
  if (!referred) throw new AppError('FORBIDDEN', 'Esa cuenta no es uno de tus referidos.');
  const period = month === undefined ? null : latestYearMonth(month, chileMonthOf(ctx.now()));
  const all = await paidOrdersOfReferred(
    ctx.db,
    userId,
    period ? boundBefore(period) : new Date(0),
    referredId,
  );
  // the month of each order by Flow's date in Chile's time, as the summary counts it
  const orders = period ? all.filter((order) => paidAtOf(order).startsWith(yearMonthKey(period))) : all;
  const status: ReferredPayment[] = orders.map((order) => ({
    status: 2,
    flowOrder: order.flowOrder,
    amount: order.amount,
    forma: order.paymentMedia,
    fecha: paidAtOf(order),
    payment: { amount: order.amount },
  }));
  const total = orders.reduce((sum, order) => sum + order.amount, 0);
  return {
    status,
    total_amount: total,
    commission_percent: SALES_DETAIL_COMMISSION_PERCENT,
    commission: commissionOf(total, SALES_DETAIL_COMMISSION_PERCENT),
    period,
  };
}
