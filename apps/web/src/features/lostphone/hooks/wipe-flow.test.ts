import { describe, expect, it } from 'vitest';
import type { Command } from '@escudo/contract';
import {
  getWipeCountdown,
  getWipeState,
  hasPhoneNotAnswered,
  initialWipeOrder,
  type WipeOrder,
} from './wipe-flow.ts';

const command: Command = {
  id: 7,
  device_id: 'sim-abc',
  type: 'wipe',
  state: 'sent',
  reason: null,
  created_at: '2026-03-05T14:00:00.000Z',
  updated_at: '2026-03-05T14:00:00.000Z',
  expires_at: '2026-03-12T14:00:00.000Z',
};
const ordered: WipeOrder = { step: 'ordered', command, sentAt: 1_000, isStopping: false, stopError: null };
const known = (state: Command['state'], answeredAt: number | null, reason: string | null = null) => ({
  command: { ...command, state, reason },
  answeredAt,
});

describe('wipe flow (spec 4, 8, 9)', () => {
  it("asks for the password first, with the server's message when it asked for it again (428)", () => {
    expect(getWipeState(initialWipeOrder, null)).toEqual({ step: 'password', serverMessage: null });
    const again: WipeOrder = { step: 'password', serverMessage: 'Confirma' };
    expect(getWipeState(again, null)).toBe(again);
  });

  it('waits for the phone, counting from when the store first knew it had the order', () => {
    expect(getWipeState(ordered, known('sent', null))).toMatchObject({ step: 'waiting', answeredAt: null });
    expect(getWipeState(ordered, known('delivered', 2_000))).toMatchObject({
      step: 'waiting',
      answeredAt: 2_000,
      command: { state: 'delivered' },
    });
  });

  it('keeps the stop asked for, and never moves back on an older copy', () => {
    const stopping: WipeOrder = { ...ordered, isStopping: true };
    expect(getWipeState(stopping, known('delivered', 2_000))).toMatchObject({ isStopping: true });
    const late: WipeOrder = { ...ordered, command: { ...command, state: 'delivered' } };
    expect(getWipeState(late, known('sent', null))).toMatchObject({ command: { state: 'delivered' } });
  });

  it('ends as the command ends: wiping, stopped, failed with its reason, expired', () => {
    expect(getWipeState(ordered, known('done', 2_000))).toMatchObject({
      step: 'finished',
      outcome: 'wiping',
    });
    expect(getWipeState(ordered, known('cancelled', 2_000))).toMatchObject({ outcome: 'stopped' });
    expect(getWipeState(ordered, known('failed', 2_000, 'Sin permiso de administrador'))).toMatchObject({
      outcome: 'failed',
      command: { reason: 'Sin permiso de administrador' },
    });
    expect(getWipeState(ordered, known('expired', null))).toMatchObject({ outcome: 'expired' });
  });

  it('says the phone did not answer after 40 s, only while unanswered', () => {
    const waiting = getWipeState(ordered, known('sent', null));
    expect(hasPhoneNotAnswered(waiting, 1_000 + 39_999)).toBe(false);
    expect(hasPhoneNotAnswered(waiting, 1_000 + 40_000)).toBe(true);
    expect(hasPhoneNotAnswered(getWipeState(ordered, known('delivered', 2_000)), 100_000)).toBe(false);
  });
});

describe('wipe countdown (spec 9: from 25, bar based on 20, DETENER after 5 s)', () => {
  it('hides DETENER during the first 5 s', () => {
    expect(getWipeCountdown(0, 4_999)).toEqual({ canStop: false, counter: 25, progress: 100 });
  });

  it('counts down from 25 with a bar that starts falling below 20', () => {
    expect(getWipeCountdown(0, 5_000)).toEqual({ canStop: true, counter: 25, progress: 100 });
    expect(getWipeCountdown(0, 10_000)).toEqual({ canStop: true, counter: 20, progress: 100 });
    expect(getWipeCountdown(0, 20_000)).toEqual({ canStop: true, counter: 10, progress: 50 });
    expect(getWipeCountdown(0, 30_000)).toEqual({ canStop: true, counter: 0, progress: 0 });
    expect(getWipeCountdown(0, 60_000).counter).toBe(0);
  });
});
