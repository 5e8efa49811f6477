import { describe, expect, it } from 'vitest';
import { cleanRut, formatRut, isValidRut, rutCheckDigit } from './rut.ts';

describe('RUT', () => {
  it('computes the modulo-11 check digit, K and 0 included', () => {
    expect(rutCheckDigit('12345678')).toBe('5');
    expect(rutCheckDigit('11111111')).toBe('1');
    expect(rutCheckDigit('10000013')).toBe('K');
    expect(rutCheckDigit('6')).toBe('K');
    expect(rutCheckDigit('10000004')).toBe('0');
  });

  it('accepts clean and formatted RUTs with the right digit, and nothing else', () => {
    expect(isValidRut('123456785')).toBe(true);
    expect(isValidRut('12.345.678-5')).toBe(true);
    expect(isValidRut('10.000.013-k')).toBe(true);
    expect(isValidRut('123456784')).toBe(false);
    expect(isValidRut('012345678')).toBe(false);
    expect(isValidRut('5')).toBe(false);
    expect(isValidRut('')).toBe(false);
    expect(isValidRut('1234567890')).toBe(false);
  });

  it('formats as the person types and cleans for sending', () => {
    expect(formatRut('1')).toBe('1');
    expect(formatRut('12')).toBe('1-2');
    expect(formatRut('1234')).toBe('123-4');
    expect(formatRut('123456785')).toBe('12.345.678-5');
    expect(formatRut('12.345.678-5')).toBe('12.345.678-5');
    expect(formatRut('10000013k')).toBe('10.000.013-K');
    expect(cleanRut(' 12.345.678-k ')).toBe('12345678K');
  });
});
