import { describe, expect, it } from 'vitest';
import { fillText, formatDateTime } from './format.ts';

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

describe('fillText', () => {
  it('fills known placeholders and leaves the others', () => {
    expect(fillText('Debes ingresar tu contraseña en {product}. {x}', { product: 'Escudo' })).toBe(
      'Debes ingresar tu contraseña en Escudo. {x}',
    );
  });
});
