/**
 * The phone's side of the protocol against a scripted Socket.IO server, for what the real server never
 * does on purpose: malformed and unknown messages, repeats of finished commands, refusals, a server
 * that closes the link. phone.integration.test.ts covers the real server.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { DEVICE_NAMESPACE, type Device, type RealtimeAck } from '@escudo/contract';
import { withPhoneDefaults } from './args.ts';
import { OUTPUT_LINE, createPhoneLog } from './output.ts';
import { REMOVED_NOTICE, connectPhone, type SimulatedPhone } from './phone.ts';

const http = createServer();
const io = new Server(http);
let url: string;
/** what the server hears, and how it answers each message (ok unless a test says otherwise) */
let heard: { type: string; payload: unknown }[] = [];
/** the `status` messages heard, apart: the phone sends one on every connection (decision 042) */
let statuses: unknown[] = [];
let answerWith: (type: string) => RealtimeAck | Promise<RealtimeAck> = () => ({ ok: true });
let current: ServerSocket | null = null;
let connections = 0;
/** the good token no longer works (the phone was removed while its link was down) */
let isRevoked = false;

io.of(DEVICE_NAMESPACE).use((socket, next) => {
  if (socket.handshake.auth.token === 'good-token' && !isRevoked) return next();
  const error = new Error('Tu sesión no es válida o ha expirado.') as Error & { data: { code: string } };
  error.data = { code: 'UNAUTHENTICATED' };
  next(error);
});
io.of(DEVICE_NAMESPACE).on('connection', (socket) => {
  current = socket;
  connections += 1;
  socket.onAny((type: string, payload: unknown, ack?: (answer: RealtimeAck) => void) => {
    if (type === 'status') statuses.push(payload);
    else heard.push({ type, payload });
    void Promise.resolve(answerWith(type)).then((answer) => ack?.(answer));
  });
});
// HTTP that is not Socket.IO's (lost-mode reports): a busy server, so that nothing hangs
http.on('request', (request, response) => {
  if (request.url?.startsWith('/socket.io/')) return;
  response.writeHead(503, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ code: 'SERVER_BUSY', message: 'El servidor está ocupado.' }));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => io.close(resolve));
});

const device: Device = {
  id: 7,
  device_id: 'sim-unit',
  device_brand: 'Samsung',
  device_name: 'Teléfono simulado',
  device_model: 'Galaxy A54',
  device_so: 'android',
  device_soversion: 14,
};
let lines: string[] = [];
let phone: SimulatedPhone | null = null;

function start(
  overrides: { isSilent?: boolean; token?: string; wipeWindowMs?: number; onStopped?: () => void } = {},
) {
  const options = withPhoneDefaults({
    server: url,
    email: 'ana@example.com',
    password: 'x',
    deviceId: 'sim-unit',
    isSilent: overrides.isSilent ?? false,
  });
  const log = createPhoneLog(options.deviceId, (line) => lines.push(line));
  const started = connectPhone(options, { device, deviceToken: overrides.token ?? 'good-token' }, log, {
    wipeWindowMs: overrides.wipeWindowMs ?? 200,
    onStopped: overrides.onStopped,
  });
  phone = started.phone;
  return started.connected;
}

const texts = (mark: string) =>
  lines.map((line) => OUTPUT_LINE.exec(line)).flatMap((match) => (match?.[3] === mark ? [match[4]!] : []));
const until = async (what: string, check: () => boolean, timeoutMs = 3_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const send = (type: string, payload: unknown) => current!.emit(type, payload);
const lock = { id: 1, created_at: '2026-11-22T12:00:00.000Z', type: 'lock', pin: '1234' };

afterEach(async () => {
  await phone?.stop();
  phone = null;
  lines = [];
  heard = [];
  statuses = [];
  answerWith = () => ({ ok: true });
});

describe('the phone protocol: orders and messages', () => {
  it('acknowledges a command, carries it out once, and answers a repeat as before', async () => {
    await start();
    send('command', lock);
    await until('the lock result', () => heard.length === 2);
    send('command', lock);
    await until('the answers to the repeat', () => heard.length === 4);
    expect(heard).toEqual([
      { type: 'imHere', payload: { command_id: 1 } },
      { type: 'commandResult', payload: { command_id: 1, outcome: 'done' } },
      { type: 'imHere', payload: { command_id: 1 } },
      { type: 'commandResult', payload: { command_id: 1, outcome: 'done' } },
    ]);
    expect(texts('·').filter((text) => text.startsWith('locked'))).toEqual(['locked with PIN ****']);
    expect(texts('←')).toEqual([
      'command {"id":1,"created_at":"2026-11-22T12:00:00.000Z","type":"lock","pin":"****"}',
      'command {"id":1,"created_at":"2026-11-22T12:00:00.000Z","type":"lock","pin":"****"}',
    ]);
    expect(lines.join('\n')).not.toContain('1234');
  });

  it('ignores malformed and unknown messages, saying so', async () => {
    await start();
    send('command', { ...lock, pin: '12' });
    send('command', { id: 2, created_at: 'x', type: 'selfDestruct' });
    send('hello', { a: 1 });
    send('ayThere', { probe_id: 'probe-0001' });
    await until('the probe answer', () => heard.length === 1);
    expect(heard).toEqual([{ type: 'imHere', payload: { probe_id: 'probe-0001' } }]);
    expect(texts('·').slice(1)).toEqual([
      expect.stringMatching(/^ignored invalid command: .+ \(pin\)$/),
      expect.stringMatching(/^ignored invalid command: .+ \(type\)$/),
      'ignored unknown message hello',
    ]);
    expect(texts('←')[0]).toContain('"pin":"****"');
  });

  it('prints refusals, from an acknowledgement or a rejected message', async () => {
    answerWith = (type) =>
      type === 'commandResult' ? { ok: false, code: 'VALIDATION', message: 'No corresponde.' } : { ok: true };
    await start();
    send('command', lock);
    send('rejected', { type: 'imHere', code: 'RATE_LIMITED', message: 'Demasiados mensajes.' });
    await until('both refusals', () => texts('·').filter((text) => text.startsWith('refused')).length === 2);
    expect(texts('·').filter((text) => text.startsWith('refused'))).toEqual(
      expect.arrayContaining([
        'refused commandResult: VALIDATION No corresponde.',
        'refused imHere: RATE_LIMITED Demasiados mensajes.',
      ]),
    );
  });

  it('erases after the wipe window, and repeats its outcome without erasing twice', async () => {
    await start({ wipeWindowMs: 150 });
    const wipe = { id: 5, created_at: '2026-11-22T12:00:00.000Z', type: 'wipe' };
    send('command', wipe);
    await until('deleting', () => heard.some((m) => m.type === 'deleting'));
    send('command', wipe);
    send('cancelingWipe', { command_id: 5 });
    await until('the repeat', () => heard.length === 4);
    expect(heard.map((m) => m.type)).toEqual(['imHere', 'deleting', 'imHere', 'deleting']);
    expect(texts('·').slice(1)).toEqual([
      'wipe window open for 0.15 s',
      'erasing data (simulated)',
      'stop of command 5 ignored: no wipe waiting for it',
    ]);
  });

  it('honours a stop within the wipe window', async () => {
    await start({ wipeWindowMs: 5_000 });
    send('command', { id: 6, created_at: '2026-11-22T12:00:00.000Z', type: 'wipe' });
    await until('the acknowledgement', () => heard.length === 1);
    send('cancelingWipe', { command_id: 6 });
    await until('the stop', () => heard.length === 2);
    expect(heard[1]).toEqual({ type: 'cancelingWipe', payload: { command_id: 6 } });
    expect(texts('·')).toContain('wipe stopped by the owner');
    expect(texts('·')).not.toContain('erasing data (simulated)');
  });
});

describe('the phone protocol: routes, lost mode, --silent and the link coming back', () => {
  it('sends again the route points the server was too busy to store, and stops a route not its own', async () => {
    // routePoints answers, in order: busy, stored, not this phone's route
    const answers: RealtimeAck[] = [
      { ok: false, code: 'SERVER_BUSY', message: 'El servidor está ocupado.' },
      { ok: true },
      { ok: false, code: 'NOT_FOUND', message: 'No encontramos ese recorrido para este dispositivo.' },
    ];
    answerWith = (type) => (type === 'routePoints' ? (answers.shift() ?? { ok: true }) : { ok: true });
    await start();
    send('command', {
      id: 8,
      created_at: '2026-11-22T12:00:00.000Z',
      type: 'trackingOn',
      tracking_id: 9,
      interval_s: 1,
    });
    const routeMessages = () =>
      heard
        .filter((m) => m.type === 'routePoints')
        .map((m) => m.payload as { tracking_id: number; points: unknown[] });
    await until('three route messages', () => routeMessages().length === 3, 5_000);
    const [busy, stored, refused] = routeMessages();
    // the refused point goes again, first, with the one taken since behind it
    expect(stored!.points).toHaveLength(2);
    expect(stored!.points[0]).toEqual(busy!.points[0]);
    expect(refused!.points).toHaveLength(1);
    expect(refused!.points[0]).not.toEqual(stored!.points[1]);
    await until('tracking off', () => texts('·').includes('tracking off (route 9)'));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(routeMessages()).toHaveLength(3);
  });

  it("starts lost mode's reports once the server answered the result, and not after a later lostOff", async () => {
    // the server holds its answers to commandResult until the test lets them go
    const held: (() => void)[] = [];
    answerWith = (type) =>
      type === 'commandResult'
        ? new Promise((resolve) => held.push(() => resolve({ ok: true })))
        : { ok: true };
    await start();
    const lostOn = (id: number) => ({
      id,
      created_at: '2026-11-22T12:00:00.000Z',
      type: 'lostOn',
      report_every_s: 3600,
    });
    send('command', lostOn(3));
    await until('the result of lostOn', () => held.length === 1);
    // the server may not know yet that lost mode is on: a report now would be refused
    expect(phone!.isLost).toBe(false);
    held.shift()!();
    await until('lost mode on', () => phone!.isLost);
    await until('the first report', () => texts('·').some((text) => text.startsWith('report failed')));

    send('command', { id: 4, created_at: '2026-11-22T12:00:00.000Z', type: 'lostOff' });
    send('command', lostOn(5));
    send('command', { id: 6, created_at: '2026-11-22T12:00:00.000Z', type: 'lostOff' });
    await until('three results', () => held.length === 3);
    for (const release of held.splice(0)) release();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(phone!.isLost).toBe(false);
  });

  it('picks up a route it forgot when the server says it is open, and stops nothing because of it', async () => {
    await start();
    const routeMessages = (id: number) =>
      heard.filter(
        (m) => m.type === 'routePoints' && (m.payload as { tracking_id: number }).tracking_id === id,
      );
    send('resume', { lost: null, tracking: { tracking_id: 12, interval_s: 1 } });
    await until('a point of route 12', () => routeMessages(12).length === 1);
    // said again (another reconnection): the route goes on, it is not started twice
    send('resume', { lost: null, tracking: { tracking_id: 12, interval_s: 1 } });
    // nothing to restore: what runs keeps running
    send('resume', { lost: null, tracking: null });
    await until('the next point', () => routeMessages(12).length === 2, 3_000);
    expect(texts('·').filter((text) => text.startsWith('tracking'))).toEqual([
      'tracking resumed (route 12, a point every 1 s)',
    ]);
    expect(phone!.trackingId).toBe(12);
  });

  it('with --silent, hears everything and answers nothing', async () => {
    await start({ isSilent: true });
    send('ayThere', { probe_id: 'probe-0002' });
    send('command', lock);
    await until('both messages printed', () => texts('←').length === 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([]);
    expect(texts('→')).toEqual([]);
  });

  it('comes back when the server closes the link', async () => {
    await start();
    await until('the first status', () => statuses.length === 1);
    const before = connections;
    current!.disconnect(true);
    // the server counts the connection a moment before the phone hears it is connected
    await until('a new connection', () => connections === before + 1 && texts('·').at(-1) === 'connected');
    expect(texts('·')).toEqual(['connected', 'disconnected (io server disconnect)', 'connected']);
    // and says its status again on the new connection
    await until('the status again', () => statuses.length === 2);
  });
});

describe('the phone protocol: its status, and being forgotten', () => {
  it('sends its status on connecting, a charging change at once, a battery change once a minute', async () => {
    await start();
    await until('the status', () => statuses.length === 1);
    expect(statuses).toEqual([{ battery: 80, charging: false, network: 'wifi' }]);
    phone!.status.change({ charging: true });
    await until('the charging change', () => statuses.length === 2);
    expect(statuses[1]).toEqual({ battery: 80, charging: true, network: 'wifi' });
    // the battery alone waits for the minute: nothing goes now
    phone!.status.change({ battery: 70 });
    phone!.status.change({ battery: 60 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(statuses).toHaveLength(2);
    expect(phone!.status.current).toEqual({ battery: 60, charging: true, network: 'wifi' });
    phone!.status.change({ network: 'cellular' });
    await until('the network change, with the newest battery', () => statuses.length === 3);
    expect(statuses[2]).toEqual({ battery: 60, charging: true, network: 'cellular' });
  });

  it('sends nothing of its status with --silent', async () => {
    await start({ isSilent: true });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(statuses).toEqual([]);
  });

  it('forgets the account and stops, saying so in Spanish, when the server says it was deleted', async () => {
    let stoppedWith: unknown = null;
    await start({ onStopped: () => (stoppedWith = true) });
    const before = connections;
    send('accountDeleted', {});
    // the server closes the link right after the message; a phone that forgot must not come back
    current!.disconnect(true);
    await until('the phone stopped', () => stoppedWith === true);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(connections).toBe(before);
    expect(phone!.isConnected).toBe(false);
    expect(texts('·')).toContain(
      'La cuenta de este teléfono fue eliminada: el teléfono la olvidó. Inicia sesión con otra cuenta para protegerlo nuevamente.',
    );
  });

  it('forgets its token and stops, saying so in Spanish, when the owner removed it', async () => {
    let stoppedWith: unknown = null;
    await start({ onStopped: () => (stoppedWith = true) });
    const before = connections;
    send('deviceRemoved', {});
    current!.disconnect(true);
    await until('the phone stopped', () => stoppedWith === true);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(connections).toBe(before);
    expect(phone!.isConnected).toBe(false);
    expect(texts('·')).toContain(REMOVED_NOTICE);
  });

  it('stops and says it is no longer protected when a token that worked is refused', async () => {
    let stoppedWith: unknown = null;
    await start({ onStopped: () => (stoppedWith = true) });
    // the link closes without the message (it was lost): the phone tries once, and is refused
    isRevoked = true;
    current!.disconnect(true);
    await until('the phone stopped', () => stoppedWith === true).finally(() => (isRevoked = false));
    expect(texts('·').slice(-2)).toEqual([
      'connection refused: Tu sesión no es válida o ha expirado.',
      REMOVED_NOTICE,
    ]);
  });

  it('gives up when the server refuses its token', async () => {
    let stoppedWith: unknown = null;
    const connected = start({ token: 'bad', onStopped: () => (stoppedWith = true) });
    await expect(connected).rejects.toThrow('Tu sesión no es válida o ha expirado.');
    expect(stoppedWith).toBe(true);
    expect(texts('·')).toEqual(['connection refused: Tu sesión no es válida o ha expirado.']);
  });
});
