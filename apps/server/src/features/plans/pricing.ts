/**
 * What a plan costs for a period (decision 008): the monthly price times the months, less
 * 10% for 6 months and 20% for 12 (PLAN_MONTHS_DISCOUNT_PERCENT), rounded to whole pesos. The detail
 * text says exactly that to the person, in Spanish.
 */
import { PLAN_MONTHS_DISCOUNT_PERCENT } from '@escudo/contract';

export type MonthsPaid = keyof typeof PLAN_MONTHS_DISCOUNT_PERCENT;

/** spec 9: CLP with dot thousands, whatever the months: 29940 gives "$29.940", 2990 "$2.990". */
export function formatPesos(amount: number): string {
  return `$${Math.round(amount)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

export interface Quote {
  amount: number;
  detail: string;
}

export function quotePlan(plan: { name: string; price: number }, months: MonthsPaid): Quote {
  const percent = PLAN_MONTHS_DISCOUNT_PERCENT[months];
  const fullPrice = plan.price * months;
  const amount = Math.round((fullPrice * (100 - percent)) / 100);
  if (months === 1) {
    return { amount, detail: `1 mes del plan ${plan.name} a ${formatPesos(plan.price)} mensuales.` };
  }
  const monthly = formatPesos(amount / months);
  return {
    amount,
    detail:
      `${months} meses del plan ${plan.name}: ${formatPesos(fullPrice)} con ${percent}% de descuento ` +
      `por pagar ${months} meses (${monthly} al mes).`,
  };
}
