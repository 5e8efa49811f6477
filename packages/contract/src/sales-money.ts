/**
 * The referral programme's money rules, shared by the server (which answers the figures) and the
 * panel (which shows them): zod-free, so the sales page can use them without the schemas. Amounts are
 * whole CLP; no floating point touches money.
 */

/**
 * The commission on `amount` CLP at `percent` (an integer 0–100), rounded down to a whole peso: the
 * referrer is never promised a fraction that cannot be paid ($12.990 at 20 % is $2.598; at 15 % it is
 * $1.948, not $1.948,5). Integer arithmetic: exact for any sum below 9·10^13 CLP.
 */
export function commissionOf(amount: number, percent: number): number {
  return Math.floor((amount * percent) / 100);
}

/** spec 2 (Sales): the month selector's twelve months, January first */
export const SPANISH_MONTH_NAMES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const;

/** A calendar month, 1–12 */
export interface YearMonth {
  year: number;
  month: number;
}

/**
 * The month `month` (1–12) as the summary reads it: the latest one that is not in the future of
 * `today` (this year's if it has begun, else last year's). November asked in March 2027 is November
 * 2026: the selector's twelve months are always the last twelve.
 */
export function latestYearMonth(month: number, today: YearMonth): YearMonth {
  return { year: month <= today.month ? today.year : today.year - 1, month };
}

/** The month `offset` months after (or before, negative) `from`. */
export function shiftYearMonth(from: YearMonth, offset: number): YearMonth {
  const index = from.year * 12 + (from.month - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** "2026-03" */
export function yearMonthKey({ year, month }: YearMonth): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}
