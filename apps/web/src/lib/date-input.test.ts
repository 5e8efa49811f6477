import { describe, expect, it } from 'vitest';
import { dateInputProblem, isoToDateInput, maskDateInput, parseDateInput } from './date-input.ts';

describe('maskDateInput (DD-MM-AAAA as it is typed)', () => {
  it('puts the dashes in as the digits arrive', () => {
    const typed = '05031990';
    const shown = [...typed].map((_, i) => maskDateInput(typed.slice(0, i + 1)));
    expect(shown).toEqual(['0', '05', '05-0', '05-03', '05-03-1', '05-03-19', '05-03-199', '05-03-1990']);
    // typing over what the field already shows gives the same
    expect(maskDateInput('05-03-1990')).toBe('05-03-1990');
  });

  it('keeps a typed dash, and pads a one-digit day or month', () => {
    expect(maskDateInput('05-')).toBe('05-');
    expect(maskDateInput('5-')).toBe('05-');
    expect(maskDateInput('5/3/1990')).toBe('05-03-1990');
    expect(maskDateInput('5.3.1990')).toBe('05-03-1990');
  });

  it('turns a pasted ISO date around, and drops letters and digits beyond the year', () => {
    expect(maskDateInput(' 1990-03-05 ')).toBe('05-03-1990');
    expect(maskDateInput('05a03b1990')).toBe('05-03-1990');
    expect(maskDateInput('05-03-19901')).toBe('05-03-1990');
    expect(maskDateInput('')).toBe('');
  });
});

describe('parseDateInput and isoToDateInput', () => {
  it('reads DD-MM-AAAA as the ISO date the API takes, and back', () => {
    expect(parseDateInput('05-03-1990')).toBe('1990-03-05');
    expect(parseDateInput('29-02-2024')).toBe('2024-02-29');
    expect(isoToDateInput('1990-03-05')).toBe('05-03-1990');
    expect(isoToDateInput(null)).toBe('');
    expect(isoToDateInput('05-03-1990')).toBe('');
  });

  it('refuses what is not complete or not a day of the calendar', () => {
    expect(parseDateInput('5-3-1990')).toBeNull();
    expect(parseDateInput('05-03-199')).toBeNull();
    expect(parseDateInput('31-02-1990')).toBeNull();
    expect(parseDateInput('29-02-2023')).toBeNull();
    expect(parseDateInput('00-01-1990')).toBeNull();
    expect(parseDateInput('12-13-1990')).toBeNull();
    expect(dateInputProblem('05-03')).toBe('format');
    expect(dateInputProblem('31-04-1990')).toBe('notReal');
    expect(dateInputProblem('30-04-1990')).toBeNull();
  });
});
