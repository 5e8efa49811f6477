/**
 * How a paid period changes the account's plan (decision 008):
 * - the same plan ('Renovar'): the months are added to its current expiry, or to now if it has already
 *   expired, so paying early loses nothing;
 * - another plan ('Actualizar'): the new plan starts now for the months paid, and the time left on the
 *   old one is converted at the ratio of their monthly prices into extra time on the new one (a month
 *   of Esencial left is worth 2990/9990 of a month of Familia), so no value is lost or gained.
 * Months are calendar months in UTC; a day past the end of the month is its last day (Jan 31 + 1 month
 * is Feb 28 or 29). A plan without expiry counts as expiring now.
 */

export interface CurrentPlan {
  planId: number;
  /** monthly price of the current plan, CLP */
  price: number;
  startedAt: Date;
  expiresAt: Date | null;
}

export interface PlanPeriod {
  startedAt: Date;
  expiresAt: Date;
}

export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export function nextPlanPeriod(input: {
  current: CurrentPlan | null;
  plan: { id: number; price: number };
  months: number;
  now: Date;
}): PlanPeriod {
  const { current, plan, months, now } = input;
  const remainingMs = current?.expiresAt ? Math.max(0, current.expiresAt.getTime() - now.getTime()) : 0;
  if (current && current.planId === plan.id) {
    const isActive = remainingMs > 0;
    return {
      startedAt: isActive ? current.startedAt : now,
      expiresAt: addMonths(isActive ? current.expiresAt! : now, months),
    };
  }
  const creditMs = current && plan.price > 0 ? Math.floor((remainingMs * current.price) / plan.price) : 0;
  return { startedAt: now, expiresAt: new Date(addMonths(now, months).getTime() + creditMs) };
}
