import { describe, expect, it } from 'vitest';
import { fillText, formatCalendarDate, formatDate, formatDateTime } from './format.ts';

describe('formatDateTime (DD-MM-YYYY HH:mm, America/Santiago)', () => {
  it("shows Chile's time, summer and winter alike", () => {
    // March: UTC-3 (summer time); July: UTC-4
    expect(formatDateTime('2026-03-05T14:07:00Z')).toBe('05-03-2026 11:07');
    expect(formatDateTime('2026-07-05T04:07:00Z')).toBe('05-07-2026 00:07');
  });

  it('gives an empty text for a date it cannot read', () => {
    expect(formatDateTime('no es una fecha')).toBe('');
  });
});

describe('formatDate (DD-MM-AAAA, America/Santiago)', () => {
  it("gives the day in Chile's calendar, also when it is already the next day in UTC", () => {
    expect(formatDate('2026-03-05T14:07:00Z')).toBe('05-03-2026');
    // 1 April 02:30 UTC is 31 March 23:30 in Santiago
    expect(formatDate('2026-04-01T02:30:00Z')).toBe('31-03-2026');
    expect(formatDate('no es una fecha')).toBe('');
  });
});

describe('formatCalendarDate (a Chile day the server wrote, shown DD-MM-AAAA)', () => {
  it('turns the day around without reading it as an instant', () => {
    expect(formatCalendarDate('2026-12-31')).toBe('31-12-2026');
    expect(formatCalendarDate('2026-3-5')).toBe('2026-3-5');
  });
});

describe('fillText', () => {
  it('fills known placeholders and leaves the others', () => {
    expect(fillText('Debes ingresar tu contraseña en {product}. {x}', { product: 'Escudo' })).toBe(
      'Debes ingresar tu contraseña en Escudo. {x}',
    );
  });
});
