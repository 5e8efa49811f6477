/**
 * The protocol with no socket at all: messages handed in, what it sends and prints read back. The
 * link's side (acknowledgements over Socket.IO, reconnection, a refused token) and the same rules end
 * to end are in phone.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RealtimeAck } from '@escudo/contract';
import type { LostReports } from './lost-reports.ts';
import { OUTPUT_LINE, createPhoneLog } from './output.ts';
import { createPhoneProtocol, type PhoneProtocol, type SendMessage } from './phone-protocol.ts';

let sent: { type: string; payload: unknown }[] = [];
let lines: string[] = [];
let reportIntervals: (number | null)[] = [];
let protocol: PhoneProtocol | null = null;

/** lost-mode reports as a record of what was asked of them (lost-reports.test.ts tests the real ones) */
function fakeReports(): LostReports {
  let intervalS: number | null = null;
  return {
    start(seconds) {
      intervalS = seconds;
      reportIntervals.push(seconds);
    },
    stop() {
      intervalS = null;
      reportIntervals.push(null);
    },
    get isOn() {
      return intervalS !== null;
    },
  };
}

function create({ isSilent = false, answer = (): RealtimeAck | null => ({ ok: true }) } = {}) {
  const send: SendMessage = async (type, payload) => {
    sent.push({ type, payload });
    return answer();
  };
  protocol = createPhoneProtocol({
    options: { reportEveryS: undefined, isSilent },
    log: createPhoneLog('sim-unit', (line) => lines.push(line)),
    send,
    isConnected: () => true,
    reports: fakeReports(),
    wipeWindowMs: 60_000,
    forgetAccount: () => lines.push('forgot the account'),
    forgetDevice: () => lines.push('forgot its token'),
  });
  return protocol;
}

const statuses = () =>
  lines.map((line) => OUTPUT_LINE.exec(line)).flatMap((match) => (match?.[3] === '·' ? [match[4]!] : []));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const at = '2026-11-22T12:00:00.000Z';

afterEach(() => {
  protocol?.stop();
  protocol = null;
  sent = [];
  lines = [];
  reportIntervals = [];
});

describe('the phone protocol, without a socket', () => {
  it('answers a probe and a lock, and a repeated lock only with its first outcome', () => {
    const phone = create();
    phone.receive('ayThere', { probe_id: 'probe-0001' });
    phone.receive('command', { id: 1, created_at: at, type: 'lock', pin: '1234' });
    phone.receive('command', { id: 1, created_at: at, type: 'lock', pin: '1234' });
    expect(sent).toEqual([
      { type: 'imHere', payload: { probe_id: 'probe-0001' } },
      { type: 'imHere', payload: { command_id: 1 } },
      { type: 'commandResult', payload: { command_id: 1, outcome: 'done' } },
      { type: 'imHere', payload: { command_id: 1 } },
      { type: 'commandResult', payload: { command_id: 1, outcome: 'done' } },
    ]);
    expect(phone.isLocked).toBe(true);
    expect(statuses()).toEqual(['locked with PIN ****']);
  });

  it('starts the reports only once the lostOn result was answered, and never after a later lostOff', async () => {
    const phone = create();
    phone.receive('command', { id: 2, created_at: at, type: 'lostOn', report_every_s: 3600 });
    expect(reportIntervals).toEqual([]);
    await settle();
    expect(reportIntervals).toEqual([3600]);

    phone.receive('command', { id: 3, created_at: at, type: 'lostOn', report_every_s: 60 });
    phone.receive('command', { id: 4, created_at: at, type: 'lostOff' });
    await settle();
    expect(reportIntervals).toEqual([3600, null]);
  });

  it('checks every message against the contract first, and with --silent answers nothing', () => {
    const phone = create();
    phone.receive('command', { id: 5, created_at: at, type: 'lock', pin: '12' });
    phone.receive('hello', {});
    phone.receive('rejected', { type: 'imHere', code: 'RATE_LIMITED', message: 'Demasiados mensajes.' });
    expect(sent).toEqual([]);
    expect(statuses()).toEqual([
      expect.stringMatching(/^ignored invalid command: .+ \(pin\)$/),
      'ignored unknown message hello',
      'refused imHere: RATE_LIMITED Demasiados mensajes.',
    ]);

    phone.stop();
    const silent = create({ isSilent: true });
    silent.receive('ayThere', { probe_id: 'probe-0002' });
    silent.receive('command', { id: 6, created_at: at, type: 'lock', pin: '1234' });
    expect(sent).toEqual([]);
    expect(silent.isLocked).toBe(false);
  });
});
