/**
 * The simulator against the REAL server, started as a child process exactly as `npm start` would
 * (fresh PGlite data directory, no PostgreSQL, no Redis). The owner's side is plain HTTP through the
 * contract and a real `/panel` socket; the phone is the library main.ts runs. One server and one
 * phone for the whole file: the tests follow each other like an owner's afternoon.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import {
  LOST_REPORT_MIN_INTERVAL_MS,
  MAP_CENTER,
  PANEL_DEVICE_ID_PREFIX,
  PANEL_NAMESPACE,
  TRACKING_POINT_EVERY_S,
  type CommandState,
  type BodyOf,
  type EndpointName,
  type EndpointsByRoute,
  type ResponseOf,
} from '@escudo/contract';
import { callApi } from './api-client.ts';
import { distanceM } from './locations.ts';
import { OUTPUT_LINE } from './output.ts';
import { startPhone, type SimulatedPhone } from './phone.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'escudo-phone-it-'));
// long enough for the restart test's server to come back while the window is still open: on a slow,
// busy machine its start took 24 s, and the phone, rightly, erased itself before the server was back
const WIPE_WINDOW_MS = 60_000;
const REPORT_EVERY_S = 2;

let port: number;
let server: string;
let child: ChildProcess;
let serverOutput = '';
let owner: string;
let phone: SimulatedPhone;
let panel: Socket;
const lines: string[] = [];
const deviceId = 'it-phone-1';
const password = 'clave-segura-123';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function startServer(): Promise<void> {
  child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // empty = not set (the server's env rule): PGlite, one process, e-mails to the outbox
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: '',
      WEB_DIST_DIR: path.join(dataDir, 'no-panel-here'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running = child;
  running.stdout?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
  running.stderr?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
  await until(
    async () => {
      if (running.exitCode !== null) throw new Error(`the server stopped:\n${serverOutput}`);
      const response = await fetch(`${server}/api/config`).catch(() => null);
      return response?.ok ? true : undefined;
    },
    { what: 'the server to answer /api/config', timeoutMs: 120_000 },
  );
}

async function stopServer(): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Polls `check` until it returns something other than undefined. */
async function until<T>(
  check: () => Promise<T | undefined> | T | undefined,
  // limits against a hang, not measures of speed: a 2-core machine shared with other work can be
  // several times slower at one moment than at another (e2e/playwright.config.ts says the same)
  { what, timeoutMs = 30_000 }: { what: string; timeoutMs?: number },
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

const ask = <N extends EndpointName>(
  name: N,
  body: BodyOf<EndpointsByRoute[N]>,
): Promise<ResponseOf<EndpointsByRoute[N]>> => callApi(server, name, body, { token: owner });

const commandReaches = (id: number, state: CommandState, timeoutMs?: number) =>
  until(
    async () => {
      const { commands } = await ask('getDeviceCommands', { device_id: deviceId });
      return commands.find((command) => command.id === id && command.state === state);
    },
    { what: `command ${id} to be ${state}`, timeoutMs },
  );

/** The text of the phone's lines that match `mark` (←, →, ·) and start with `start`. */
const linesOf = (mark: string, start: string) =>
  lines
    .map((line) => OUTPUT_LINE.exec(line))
    .filter((match) => match?.[2] === deviceId && match[3] === mark && match[4]!.startsWith(start))
    .map((match) => match![4]!);
const waitForLine = (mark: string, start: string, count = 1, timeoutMs?: number) =>
  until(() => (linesOf(mark, start).length >= count ? true : undefined), {
    what: `${count}× "${mark} ${start}"`,
    timeoutMs,
  });

/** Protección: the plan with tracking (a new account's Esencial trial has none) */
const PROTECCION = 2;

/** Pays a month of a plan as a person would, on the server's built-in Flow sandbox ('Pagar'). */
async function payForPlan(planId: number): Promise<void> {
  const { flowData } = await ask('newPlanPayment', { plan_id: planId, months_paid: 1 });
  const paid = await fetch(new URL('/flow-sandbox/pay/accept', server), {
    method: 'POST',
    body: new URLSearchParams({ token: flowData.token }),
    redirect: 'manual',
  });
  await paid.body?.cancel();
  const { orderStatus } = await ask('getOrderStatusByToken', { order_token: flowData.token });
  if (orderStatus.status !== 2 || orderStatus.plan_id !== planId) {
    throw new Error(`the plan was not paid: ${JSON.stringify(orderStatus)}`);
  }
}

beforeAll(async () => {
  port = await freePort();
  server = `http://127.0.0.1:${port}`;
  await startServer();
  const email = 'dueno@example.com';
  const signUp = await callApi(server, 'signUpByCode', { name: 'Dueño de Prueba', email, password });
  owner = signUp.access_token;
  await payForPlan(PROTECCION);
  phone = await startPhone(
    { server, email, password, deviceId, name: 'Teléfono de prueba', reportEveryS: REPORT_EVERY_S },
    { output: (line) => lines.push(line), wipeWindowMs: WIPE_WINDOW_MS },
  );
  const { user } = await ask('userDetails', {});
  const { customToken } = await ask('createFirebaseAuthToken', {
    device_id: `${PANEL_DEVICE_ID_PREFIX}${user.id}`,
  });
  panel = io(`${server}${PANEL_NAMESPACE}`, { auth: { token: customToken }, transports: ['websocket'] });
  await new Promise<void>((resolve) => panel.once('connect', () => resolve()));
}, 180_000);

afterAll(async () => {
  await phone?.stop();
  panel?.close();
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the simulated phone against the real server', () => {
  it('signs in, registers and connects, printing each step', () => {
    expect(phone.device).toMatchObject({
      device_id: deviceId,
      device_name: 'Teléfono de prueba',
      device_so: 'android',
    });
    expect(linesOf('·', '')).toEqual(
      expect.arrayContaining([
        `signed in as dueno@example.com`,
        `registered as device ${phone.device.id} (Teléfono de prueba)`,
        'connected',
      ]),
    );
    expect(phone.isConnected).toBe(true);
  });

  it('answers a probe from the panel', async () => {
    const answered = new Promise((resolve) =>
      panel.on('imHere', (message: { probe_id?: string }) => {
        if (message.probe_id === 'probe-it-0001') resolve(message);
      }),
    );
    panel.emit('ayThere', { device_id: deviceId, probe_id: 'probe-it-0001' });
    expect(await answered).toEqual({ device_id: deviceId, probe_id: 'probe-it-0001' });
    expect(linesOf('→', 'imHere')).toContain('imHere {"probe_id":"probe-it-0001"}');
  });

  it('locks with the PIN and reports it done, never printing the PIN', async () => {
    const { command } = await ask('blockMyPhoneNotification', { device_id: deviceId, pin: '4071' });
    await commandReaches(command.id, 'done');
    expect(phone.isLocked).toBe(true);
    const received = linesOf('←', 'command').find((line) => line.includes(`"id":${command.id},`));
    expect(received).toContain('"pin":"****"');
    expect(linesOf('→', '')).toEqual(
      expect.arrayContaining([
        `imHere {"command_id":${command.id}}`,
        `commandResult {"command_id":${command.id},"outcome":"done"}`,
      ]),
    );
    expect(linesOf('·', 'locked with PIN')).toEqual(['locked with PIN ****']);
    expect(lines.join('\n')).not.toMatch(/"pin":"4071"|PIN 4071/);
  });

  it('in lost mode, sends a location in Santiago and a JPEG photo the owner can open', async () => {
    const { command } = await ask('lostMyPhoneSubscribeNotification', { device_id: deviceId });
    await commandReaches(command.id, 'done');
    expect(linesOf('·', 'lost mode on')).toEqual([`lost mode on, reporting every ${REPORT_EVERY_S} s`]);
    const report = await until(
      async () =>
        (await ask('getLostMyPhoneInfo', { device_id: deviceId })).info.find((item) => item.image_url),
      { what: 'a lost-mode report with a photo' },
    );
    expect(distanceM(MAP_CENTER, report.position)).toBeLessThan(3_100);
    // the server stores the report before its answer reaches the phone, which logs it then
    const sentLine = await until(() => linesOf('·', 'report sent')[0], {
      what: 'the phone logging its report',
    });
    expect(sentLine).toMatch(/^report sent \(-33\.\d+, -70\.\d+, \d+ bytes\)$/);

    const photo = await fetch(new URL(report.image_url, server));
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toMatch(/^image\/jpeg/);
    const bytes = Buffer.from(await photo.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);

    // and again every REPORT_EVERY_S seconds
    await until(
      async () =>
        (await ask('getLostMyPhoneInfo', { device_id: deviceId })).info.length >= 2 ? true : undefined,
      {
        what: 'a second report',
      },
    );
  });

  it('opens the cancel window of a wipe and honours the owner’s stop', async () => {
    await ask('validatePass', { password });
    const { command } = await ask('wipePhoneDataNotification', { device_id: deviceId });
    await waitForLine('·', `wipe window open for ${WIPE_WINDOW_MS / 1000} s`);
    await commandReaches(command.id, 'delivered');
    panel.emit('cancelingWipe', { device_id: deviceId, command_id: command.id });
    await commandReaches(command.id, 'cancelled');
    expect(linesOf('·', 'wipe stopped')).toEqual(['wipe stopped by the owner']);
    expect(linesOf('→', 'cancelingWipe')).toEqual([`cancelingWipe {"command_id":${command.id}}`]);
    expect(linesOf('·', 'erasing')).toEqual([]);
  });
});

describe('the simulated phone against the real server: a restart, a walk, lost mode off', () => {
  it('survives a server restart: keeps reporting, answers a repeated wipe without reopening it, then erases', async () => {
    await ask('validatePass', { password });
    const { command } = await ask('wipePhoneDataNotification', { device_id: deviceId });
    await waitForLine('·', 'wipe window open', 2);
    await commandReaches(command.id, 'delivered');

    await stopServer();
    await waitForLine('·', 'disconnected');
    const reportsBefore = linesOf('·', 'report sent').length;
    await startServer();
    await waitForLine('·', 'connected', 2, 45_000);

    // the server sends the open wipe again; the phone acknowledges it and keeps its first window
    const delivered = `command {"id":${command.id},`;
    await until(() => (linesOf('←', delivered).length >= 2 ? true : undefined), { what: 'the wipe again' });
    await waitForLine('→', `imHere {"command_id":${command.id}}`, 2);
    expect(linesOf('·', 'wipe window open')).toHaveLength(2);

    await commandReaches(command.id, 'done', WIPE_WINDOW_MS + 5_000);
    expect(linesOf('·', 'erasing data')).toEqual(['erasing data (simulated)']);
    expect(linesOf('→', 'deleting')).toEqual([`deleting {"command_id":${command.id}}`]);
    // lost mode went on through the restart
    expect(phone.isLost).toBe(true);
    // reporting every 2 s, the phone used its burst long ago: the server (whose pace survived the
    // restart too) takes the next report within a minute, and the phone waits as it was told
    await until(() => (linesOf('·', 'report sent').length > reportsBefore ? true : undefined), {
      what: 'a report after the restart',
      timeoutMs: LOST_REPORT_MIN_INTERVAL_MS + 15_000,
    });
    // and past its burst (before or after the restart) the phone hears when to try again
    await waitForLine('·', 'report refused');
    expect(linesOf('·', 'report refused')[0]).toMatch(/^report refused: .+ \(retrying in \d+ s\)$/);
  }, 240_000);

  it('streams a walk while tracking is on, and stops when it is turned off', async () => {
    const on = await ask('changeTrackingStatus', { device_id: deviceId, trackingStatus: 1 });
    const trackingId = on.tracking!.id;
    await commandReaches(on.command!.id, 'done');
    expect(phone.trackingId).toBe(trackingId);
    // the first point goes at once
    const { active } = await until(
      async () => {
        const answer = await ask('getTrackings', { device_id: deviceId });
        return answer.active?.route.length ? answer : undefined;
      },
      { what: 'a route point' },
    );
    expect(distanceM(MAP_CENTER, active!.route[0]!)).toBeLessThan(3_500);

    // the app is restarted (a thief switches the phone off and on): it has forgotten everything,
    // and the server tells it what should be running; the route goes on, lost mode too
    await phone.stop();
    const pointsBefore = active!.route.length;
    phone = await startPhone(
      {
        server,
        email: 'dueno@example.com',
        password,
        deviceId,
        name: 'Teléfono de prueba',
        reportEveryS: REPORT_EVERY_S,
      },
      { output: (line) => lines.push(line), wipeWindowMs: WIPE_WINDOW_MS },
    );
    await waitForLine('·', 'tracking resumed');
    expect(linesOf('·', 'lost mode resumed')).toEqual([
      `lost mode resumed, reporting every ${REPORT_EVERY_S} s`,
    ]);
    expect(phone.trackingId).toBe(trackingId);
    expect(phone.isLost).toBe(true);
    await until(
      async () => {
        const answer = await ask('getTrackings', { device_id: deviceId });
        return (answer.active?.route.length ?? 0) > pointsBefore ? true : undefined;
      },
      { what: 'a point from the restarted phone' },
    );

    const off = await ask('changeTrackingStatus', { device_id: deviceId, trackingStatus: 2 });
    await commandReaches(off.command!.id, 'done');
    expect(phone.trackingId).toBeNull();
    expect(linesOf('·', 'tracking')).toEqual([
      `tracking on (route ${trackingId}, a point every ${TRACKING_POINT_EVERY_S} s)`,
      `tracking resumed (route ${trackingId}, a point every ${TRACKING_POINT_EVERY_S} s)`,
      `tracking off (route ${trackingId})`,
    ]);
  });

  it('stops reporting when lost mode is turned off', async () => {
    const { command } = await ask('lostMyPhoneUnSubscribeNotification', { device_id: deviceId });
    await commandReaches(command.id, 'done');
    expect(phone.isLost).toBe(false);
    expect(linesOf('·', 'lost mode off')).toEqual(['lost mode off']);
    // a report already on its way may still land; after that, nothing
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const reports = linesOf('·', 'report sent').length;
    await new Promise((resolve) => setTimeout(resolve, REPORT_EVERY_S * 1000 + 500));
    expect(linesOf('·', 'report sent')).toHaveLength(reports);
  });
});
