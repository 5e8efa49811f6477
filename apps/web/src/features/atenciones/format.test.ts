import { describe, expect, it } from 'vitest';
import { formatDuration } from './format.ts';

describe('formatDuration', () => {
  it('says seconds, minutes, or hours and minutes', () => {
    const start = '2026-03-05T14:00:00Z';
    expect(formatDuration(start, '2026-03-05T14:00:45Z')).toBe('45 s');
    expect(formatDuration(start, '2026-03-05T14:12:30Z')).toBe('12 min');
    expect(formatDuration(start, '2026-03-05T15:05:00Z')).toBe('1 h 05 min');
    // a clock that went backwards is not a negative duration
    expect(formatDuration(start, '2026-03-05T13:59:00Z')).toBe('0 s');
  });
});
