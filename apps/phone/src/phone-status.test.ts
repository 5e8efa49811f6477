import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PhoneStatus, RealtimeAck } from '@escudo/contract';
import { createPhoneStatus } from './phone-status.ts';

// The phone's status rule (docs/device-protocol.md section 2), with the clock moved by hand.

const MINUTE = 60_000;
const initial: PhoneStatus = { battery: 80, charging: false, network: 'wifi' };

function setUp(answers: (RealtimeAck | null)[] = []) {
  const sent: PhoneStatus[] = [];
  const status = createPhoneStatus({
    initial,
    isConnected: () => true,
    send: async (_type, payload) => {
      sent.push(payload as PhoneStatus);
      return answers.shift() ?? { ok: true };
    },
  });
  return { sent, status };
}

afterEach(() => vi.useRealTimers());

describe('the phone status', () => {
  it('holds a battery-only change until a minute after the last sent, then sends the newest', async () => {
    vi.useFakeTimers();
    const { sent, status } = setUp();
    status.sendOnConnect();
    await vi.advanceTimersByTimeAsync(0);
    status.change({ battery: 79 });
    status.change({ battery: 78 });
    await vi.advanceTimersByTimeAsync(MINUTE - 1_000);
    expect(sent).toEqual([initial]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toEqual([initial, { ...initial, battery: 78 }]);
    // nothing changed: nothing more on a timer
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(sent).toHaveLength(2);
    status.stop();
  });

  it('sends again a minute later what the server refused for pace', async () => {
    vi.useFakeTimers();
    const { sent, status } = setUp([
      { ok: false, code: 'RATE_LIMITED', message: 'Demasiado seguido.' },
      { ok: true },
    ]);
    status.sendOnConnect();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(sent).toEqual([initial, initial]);
    status.stop();
  });

  it('sends nothing once stopped', async () => {
    vi.useFakeTimers();
    const { sent, status } = setUp();
    status.sendOnConnect();
    await vi.advanceTimersByTimeAsync(0);
    status.change({ battery: 50 });
    status.stop();
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(sent).toEqual([initial]);
  });
});
