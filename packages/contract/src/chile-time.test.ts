import { describe, expect, it } from 'vitest';
import { chileDateParts } from './chile-time.ts';

describe('chileDateParts', () => {
  it("gives Chile's calendar and clock, summer (UTC-3) and winter (UTC-4), whatever the machine's zone", () => {
    expect(chileDateParts(new Date('2026-01-05T03:07:09Z'))).toEqual({
      year: '2026',
      month: '01',
      day: '05',
      hour: '00',
      minute: '07',
      second: '09',
    });
    // winter: 02:30 UTC is still the day before in Santiago
    expect(chileDateParts(new Date('2026-07-01T02:30:00Z'))).toMatchObject({
      day: '30',
      month: '06',
      hour: '22',
    });
  });

  it('gives null for an invalid date', () => {
    expect(chileDateParts(new Date('no es fecha'))).toBeNull();
  });
});
