import { describe, expect, it } from 'vitest';
import { formatWait, waitLevel } from './wait-time.ts';

const at = Date.parse('2026-12-07T12:00:00.000Z');
const ago = (ms: number) => new Date(at - ms).toISOString();

describe('formatWait', () => {
  it('says seconds, then minutes and seconds, then hours and minutes', () => {
    expect(formatWait(ago(0), at)).toBe('0 s');
    expect(formatWait(ago(59_999), at)).toBe('59 s');
    expect(formatWait(ago(125_000), at)).toBe('2 min 05 s');
    expect(formatWait(ago(72 * 60_000 + 30_000), at)).toBe('1 h 12 min');
    // a clock a little behind the server's never shows a negative wait
    expect(formatWait(ago(-5_000), at)).toBe('0 s');
  });
});

describe('waitLevel', () => {
  it('turns amber at 30 s and red at 60 s', () => {
    expect(waitLevel(ago(29_999), at)).toBe('fresh');
    expect(waitLevel(ago(30_000), at)).toBe('amber');
    expect(waitLevel(ago(59_999), at)).toBe('amber');
    expect(waitLevel(ago(60_000), at)).toBe('red');
  });
});
