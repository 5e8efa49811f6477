import { describe, expect, it } from 'vitest';
import { addMonths, nextPlanPeriod } from './plan-period.ts';

const at = (iso: string) => new Date(iso);
const DAY = 24 * 60 * 60 * 1000;

describe('addMonths', () => {
  it('adds calendar months, keeping the day or taking the last day of a shorter month', () => {
    expect(addMonths(at('2026-03-15T10:00:00Z'), 1).toISOString()).toBe('2026-04-15T10:00:00.000Z');
    expect(addMonths(at('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(at('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(at('2026-08-31T00:00:00Z'), 6).toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(addMonths(at('2026-11-22T12:00:00Z'), 12).toISOString()).toBe('2027-11-22T12:00:00.000Z');
  });
});

describe('nextPlanPeriod', () => {
  const now = at('2026-11-22T12:00:00Z');
  const esencial = { id: 1, price: 2990 };
  const familia = { id: 3, price: 9990 };

  it('renewing the same plan adds the months to its expiry, keeping its start', () => {
    const current = {
      planId: 1,
      price: 2990,
      startedAt: at('2026-11-01T00:00:00Z'),
      expiresAt: at('2026-12-01T00:00:00Z'),
    };
    expect(nextPlanPeriod({ current, plan: esencial, months: 6, now })).toEqual({
      startedAt: current.startedAt,
      expiresAt: at('2027-06-01T00:00:00Z'),
    });
  });

  it('renewing an expired plan starts it again now', () => {
    const current = {
      planId: 1,
      price: 2990,
      startedAt: at('2026-01-01T00:00:00Z'),
      expiresAt: at('2026-02-01T00:00:00Z'),
    };
    expect(nextPlanPeriod({ current, plan: esencial, months: 1, now })).toEqual({
      startedAt: now,
      expiresAt: at('2026-12-22T12:00:00Z'),
    });
  });

  it('changing plan starts now and converts the time left at the ratio of monthly prices', () => {
    const current = {
      planId: 1,
      price: 2990,
      startedAt: at('2026-11-01T00:00:00Z'),
      expiresAt: new Date(now.getTime() + 30 * DAY),
    };
    const period = nextPlanPeriod({ current, plan: familia, months: 12, now });
    expect(period.startedAt).toEqual(now);
    const credit = period.expiresAt.getTime() - addMonths(now, 12).getTime();
    expect(credit).toBe(Math.floor((30 * DAY * 2990) / 9990));
    // and back down: a month of Familia left is worth more than three of Esencial
    const down = nextPlanPeriod({
      current: { planId: 3, price: 9990, startedAt: now, expiresAt: new Date(now.getTime() + 30 * DAY) },
      plan: esencial,
      months: 1,
      now,
    });
    expect(down.expiresAt.getTime() - addMonths(now, 1).getTime()).toBe(Math.floor((30 * DAY * 9990) / 2990));
  });

  it('gives no credit for an expired plan, a plan without expiry, or no plan', () => {
    const expected = { startedAt: now, expiresAt: addMonths(now, 6) };
    const expired = {
      planId: 1,
      price: 2990,
      startedAt: at('2026-01-01T00:00:00Z'),
      expiresAt: at('2026-02-01T00:00:00Z'),
    };
    expect(nextPlanPeriod({ current: expired, plan: familia, months: 6, now })).toEqual(expected);
    expect(
      nextPlanPeriod({ current: { ...expired, expiresAt: null }, plan: familia, months: 6, now }),
    ).toEqual(expected);
    expect(nextPlanPeriod({ current: null, plan: familia, months: 6, now })).toEqual(expected);
  });
});
