import { describe, expect, it } from 'vitest';
import type { Command } from '@escudo/contract';
import {
  getWipeCountdown,
  hasPhoneNotAnswered,
  initialWipeState,
  wipeReducer,
  type WipeState,
} from './wipe-flow.ts';

const command: Command = {
  id: 7,
  device_id: 'sim-abc',
  type: 'wipe',
  state: 'sent',
  reason: null,
  created_at: '2026-03-05T14:00:00.000Z',
  updated_at: '2026-03-05T14:00:00.000Z',
};
const sent = wipeReducer(initialWipeState, { type: 'sent', command, at: 1_000 });

describe('wipe flow (spec 4, 8, 9)', () => {
  it('waits for the phone, then finishes as wiping on `deleting`', () => {
    expect(sent).toMatchObject({ step: 'waiting', answeredAt: null });
    const answered = wipeReducer(sent, { type: 'phoneAnswered', commandId: 7, at: 2_000 });
    expect(answered).toMatchObject({ step: 'waiting', answeredAt: 2_000 });
    // a second acknowledgement (a repeat after reconnecting) does not restart the countdown
    expect(wipeReducer(answered, { type: 'phoneAnswered', commandId: 7, at: 9_000 })).toBe(answered);
    expect(wipeReducer(answered, { type: 'deleting', commandId: 7 })).toMatchObject({
      step: 'finished',
      outcome: 'wiping',
    });
  });

  it('ends as stopped on `cancelingWipe`, and ignores messages about other commands', () => {
    expect(wipeReducer(sent, { type: 'stopped', commandId: 8 })).toBe(sent);
    expect(wipeReducer(sent, { type: 'deleting', commandId: 8 })).toBe(sent);
    const stopping = wipeReducer(sent, { type: 'stopRequested' });
    expect(stopping).toMatchObject({ isStopping: true });
    expect(wipeReducer(stopping, { type: 'stopped', commandId: 7 })).toMatchObject({
      step: 'finished',
      outcome: 'stopped',
    });
  });

  it("follows the command's state: delivered answers, failed and expired end it", () => {
    const delivered = wipeReducer(sent, {
      type: 'commandChanged',
      command: { ...command, state: 'delivered' },
      at: 3_000,
    });
    expect(delivered).toMatchObject({ step: 'waiting', answeredAt: 3_000 });
    // a late copy of an earlier state never moves it back
    const late = wipeReducer(delivered, { type: 'commandChanged', command, at: 4_000 });
    expect(late).toMatchObject({ step: 'waiting', command: { state: 'delivered' } });
    expect(
      wipeReducer(delivered, {
        type: 'commandChanged',
        command: { ...command, state: 'failed', reason: 'Sin permiso de administrador' },
        at: 5_000,
      }),
    ).toMatchObject({
      step: 'finished',
      outcome: 'failed',
      command: { reason: 'Sin permiso de administrador' },
    });
    expect(
      wipeReducer(sent, { type: 'commandChanged', command: { ...command, state: 'expired' }, at: 5_000 }),
    ).toMatchObject({ step: 'finished', outcome: 'expired' });
  });

  it("goes back to the password with the server's message when it asks for it again (428)", () => {
    expect(wipeReducer(initialWipeState, { type: 'confirmationRequired', message: 'Confirma' })).toEqual({
      step: 'password',
      serverMessage: 'Confirma',
    });
    expect(wipeReducer(sent, { type: 'reset' })).toBe(initialWipeState);
  });

  it('says the phone did not answer after 40 s, only while unanswered', () => {
    expect(hasPhoneNotAnswered(sent, 1_000 + 39_999)).toBe(false);
    expect(hasPhoneNotAnswered(sent, 1_000 + 40_000)).toBe(true);
    const answered = wipeReducer(sent, { type: 'phoneAnswered', commandId: 7, at: 2_000 });
    expect(hasPhoneNotAnswered(answered as WipeState, 100_000)).toBe(false);
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
