import { describe, expect, it } from 'vitest';
import {
  caretAfterMask,
  dateInputProblem,
  isoToDateInput,
  maskDateInput,
  parseDateInput,
} from './date-input.ts';

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

describe('caretAfterMask', () => {
  it('keeps the caret after the same digits when a digit is fixed in the middle', () => {
    // "05-03-1990": the 3 deleted, the caret after "05-0"; then a 4 typed there
    expect(caretAfterMask('05-0-1990', 4, maskDateInput('05-0-1990'))).toBe(4);
    expect(caretAfterMask('05-04-1990', 5, maskDateInput('05-04-1990'))).toBe(5);
    // a digit typed before the first one
    expect(caretAfterMask('105-03', 1, maskDateInput('105-03'))).toBe(1);
  });

  it('stays at the end while typing at the end, after an added dash too', () => {
    expect(caretAfterMask('050', 3, maskDateInput('050'))).toBe(4);
    expect(caretAfterMask('5-', 2, maskDateInput('5-'))).toBe(3);
  });
});
