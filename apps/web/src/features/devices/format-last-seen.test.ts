import { describe, expect, it } from 'vitest';
import { formatLastSeen } from './format-last-seen.ts';

// "Última conexión hace 3 h" (decision 042): relative up to a week, then the date in Chile's time.

const now = Date.parse('2026-11-26T15:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatLastSeen', () => {
  it('says "hace un momento" within the first minute, and for a time a little ahead', () => {
    expect(formatLastSeen(ago(0), now)).toBe('Última conexión hace un momento');
    expect(formatLastSeen(ago(59_999), now)).toBe('Última conexión hace un momento');
    // the browser's clock a few seconds behind the server's
    expect(formatLastSeen(ago(-5_000), now)).toBe('Última conexión hace un momento');
  });

  it('counts whole minutes, then whole hours', () => {
    expect(formatLastSeen(ago(MINUTE), now)).toBe('Última conexión hace 1 min');
    expect(formatLastSeen(ago(5 * MINUTE + 30_000), now)).toBe('Última conexión hace 5 min');
    expect(formatLastSeen(ago(59 * MINUTE), now)).toBe('Última conexión hace 59 min');
    expect(formatLastSeen(ago(HOUR), now)).toBe('Última conexión hace 1 h');
    expect(formatLastSeen(ago(3 * HOUR + 59 * MINUTE), now)).toBe('Última conexión hace 3 h');
    expect(formatLastSeen(ago(23 * HOUR), now)).toBe('Última conexión hace 23 h');
  });

  it('counts days up to a week', () => {
    expect(formatLastSeen(ago(DAY), now)).toBe('Última conexión hace 1 día');
    expect(formatLastSeen(ago(2 * DAY + 5 * HOUR), now)).toBe('Última conexión hace 2 días');
    expect(formatLastSeen(ago(7 * DAY - 1), now)).toBe('Última conexión hace 6 días');
  });

  it("gives the date, DD-MM-AAAA in Chile's time, from a week on", () => {
    expect(formatLastSeen('2026-11-19T15:00:00.000Z', now)).toBe('Última conexión el 19-11-2026');
    // 01:30 UTC on 3 November is still 2 November in Santiago (UTC-3)
    expect(formatLastSeen('2026-11-03T01:30:00.000Z', now)).toBe('Última conexión el 02-11-2026');
    expect(formatLastSeen('2025-01-05T12:00:00.000Z', now)).toBe('Última conexión el 05-01-2025');
  });
});
