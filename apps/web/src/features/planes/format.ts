// Amounts and dates of the Planes page; pesos and dates are written as everywhere in the panel (lib/format.ts).
export { formatCalendarDate, formatDate, formatPesos } from '../../lib/format.ts';

/** Flow's "2026-11-22 10:05:31" (already Chile's time) gives "22-11-2026 10:05"; anything else as is. */
export function formatFlowDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]} ${match[4]}:${match[5]}` : value;
}
