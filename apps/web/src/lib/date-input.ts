/**
 * Dates as a Chilean person reads and writes them, DD-MM-AAAA, whatever the browser's language: a
 * native date input shows the browser's own order (mm/dd/yyyy in an English browser), so date fields
 * are text fields masked by these helpers and the API keeps its ISO YYYY-MM-DD (decision 040).
 */

/** what a complete field holds */
export const DATE_INPUT_PATTERN = /^(\d{2})-(\d{2})-(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const SEPARATOR = /[-/.\s]/;
const PART_LENGTHS = [2, 2, 4] as const;

/**
 * What the field shows for what was typed or pasted: digits grouped DD-MM-AAAA, dashes put in as
 * the digits arrive. "05031990" and "5/3/1990" give "05-03-1990"; a pasted ISO "1990-03-05" too; a
 * separator typed after one digit pads it ("5-" gives "05-"); letters are dropped, extra digits too.
 */
export function maskDateInput(raw: string): string {
  const iso = ISO_DATE.exec(raw.trim());
  if (iso) return `${iso[3]}-${iso[2]}-${iso[1]}`;
  const parts: string[] = [''];
  for (const char of raw) {
    const index = parts.length - 1;
    const part = parts[index]!;
    if (/\d/.test(char)) {
      if (part.length < PART_LENGTHS[index]!) parts[index] = part + char;
      else if (index < 2) parts.push(char);
    } else if (SEPARATOR.test(char) && part !== '' && index < 2) {
      // "5-" means day 5; a lone 0 stays as it is (the person is fixing a digit)
      if (part.length === 1 && part !== '0') parts[index] = `0${part}`;
      parts.push('');
    }
  }
  return parts.join('-');
}

/**
 * Where the caret goes in `masked` once the mask has rewritten the text: after as many digits as
 * stood before it in what was typed, so that fixing a digit in the middle does not send the caret to
 * the end; typing at the end stays at the end (after a typed dash too).
 */
export function caretAfterMask(raw: string, caret: number, masked: string): number {
  if (caret >= raw.length) return masked.length;
  const digitsBefore = raw.slice(0, caret).replace(/\D/g, '').length;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (seen === digitsBefore) return i;
    if (/\d/.test(masked[i]!)) seen += 1;
  }
  return masked.length;
}

/** "05-03-1990" gives "1990-03-05"; null when it is not complete or not a day of the calendar. */
export function parseDateInput(text: string): string | null {
  const match = DATE_INPUT_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, day, month, year] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const isReal =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day);
  return isReal ? `${year}-${month}-${day}` : null;
}

/** "1990-03-05" (the API's) gives "05-03-1990"; '' for nothing or anything else. */
export function isoToDateInput(iso: string | null | undefined): string {
  const match = ISO_DATE.exec(iso ?? '');
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '';
}

/** Why a DD-MM-AAAA text is not a date: not complete, or no such day; null when it is one. */
export function dateInputProblem(text: string): 'format' | 'notReal' | null {
  if (!DATE_INPUT_PATTERN.test(text.trim())) return 'format';
  return parseDateInput(text) === null ? 'notReal' : null;
}
