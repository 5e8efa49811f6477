/**
 * Three real server processes behind one address (docs/deploy.md, "Running several processes"): they share
 * PostgreSQL, Redis and the files, and a TCP balancer hands each connection to the next process in turn. A
 * phone on one process obeys a lock ordered through another and its result reaches a panel on a third; a
 * lost-mode photo uploaded through one process is listed and downloaded through others; an SOS raised through
 * one is seen by the panel on another and its link opens through a third; a phone removed through one process
 * loses its link on another. Runs in the PostgreSQL project only, since PGlite is one process's.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_NAMESPACE, PANEL_NAMESPACE } from '@escudo/contract';
import { connect, type TestSocket } from './sockets.ts';
import { startSharedServers, type SharedServers } from './shared-servers.ts';
import { startBalancer, type Balancer } from './balancer.ts';
import { panelCustomToken, registerPhone, signUp } from './http.ts';

const isPostgresRun = process.env.ESCUDO_TEST_DB === 'postgres';
const PROCESSES = 3;

// a real 1×1 JPEG (SOI … EOI)
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEAYABgAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxgZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+v/aAAgBAQAAPwD3+iiigD//2Q==',
  'base64',
);

interface Answer {
  status: number;
  body: Buffer;
  /** which process answered (the balancer's index) */
  process: number;
}

// the processes, the balancer in front of them and the sockets opened through it, started by the
// describe below on PostgreSQL runs
const sockets: TestSocket[] = [];
let shared: SharedServers;
let balancer: Balancer;

/** runs `open`, which must open exactly one connection through the balancer; which process took it */
async function throughOne<T>(open: () => Promise<T>): Promise<{ result: T; process: number }> {
  const before = balancer.connections.length;
  const result = await open();
  expect(balancer.connections.length).toBe(before + 1);
  return { result, process: balancer.connections[before]! };
}

/** one request on a connection of its own (no pooling), placed on a process none of `avoid` */
async function request(
  method: string,
  url: string,
  { body, token, avoid = [] }: { body?: unknown; token?: string; avoid?: number[] } = {},
): Promise<Answer> {
  balancer.skipPast(avoid);
  const { result, process } = await throughOne(
    () =>
      new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const req = http.request(
          `${balancer.url}${url}`,
          {
            method,
            agent: false,
            headers: {
              ...(payload ? { 'content-type': 'application/json' } : {}),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(payload);
      }),
  );
  expect(avoid).not.toContain(process);
  return { ...result, process };
}

const post = async <T>(url: string, body: unknown, token?: string, avoid?: number[]) => {
  const answer = await request('POST', url, { body, token, avoid });
  return {
    status: answer.status,
    body: JSON.parse(answer.body.toString()) as T,
    process: answer.process,
  };
};

async function socketOn(namespace: string, token: string, avoid: number[] = []) {
  balancer.skipPast(avoid);
  const { result: socket, process } = await throughOne(() => connect(`${balancer.url}${namespace}`, token));
  sockets.push(socket);
  expect(avoid).not.toContain(process);
  return { socket, process };
}

/**
 * resolves with why the socket was disconnected; bounded, so that a lost message fails there and says
 * so rather than at the test's timeout
 */
function cutOff({ socket, process }: { socket: TestSocket; process: number }): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the phone on process ${process} was not cut off within 20 s`)),
      20_000,
    );
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

describe.skipIf(!isPostgresRun)(
  'three server processes behind one address (PostgreSQL only: PGlite belongs to one process)',
  () => {
    beforeAll(async () => {
      // the files in one folder for all, as a shared volume would be (a bucket: its variables here)
      shared = await startSharedServers(PROCESSES);
      balancer = await startBalancer(
        shared.servers.map((server) => server.url),
        { pick: 'round-robin' },
      );
    }, 180_000);

    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await balancer?.close();
      await shared?.close();
    });

    it(
      'locks, reports a lost phone with its photo and raises an SOS across the processes',
      { timeout: 120_000 },
      async () => {
        const { token } = await signUp(post, { name: 'Ana Multi' });
        const { deviceId, deviceToken } = await registerPhone(post, token);
        const customToken = await panelCustomToken(post, token);

        // the phone on one process, the panel on another
        const phone = await socketOn(DEVICE_NAMESPACE, deviceToken);
        const panel = await socketOn(PANEL_NAMESPACE, customToken, [phone.process]);
        await panel.socket.seen('presence', (p: { online: boolean }) => p.online, 10_000);

        // a lock ordered through the third process reaches the phone; its result reaches the panel
        const command = phone.socket.next('command', (p: { type: string }) => p.type === 'lock', 10_000);
        const lock = await post<{ command: { id: number } }>(
          '/api/app/lostphone/blockMyPhoneNotification',
          { device_id: deviceId, pin: '4321' },
          token,
          [phone.process, panel.process],
        );
        expect(lock.status).toBe(200);
        expect(await command).toMatchObject({ type: 'lock', pin: '4321' });
        const locked = panel.socket.next(
          'commandState',
          (p: { command: { id: number; state: string } }) =>
            p.command.id === lock.body.command.id && p.command.state === 'done',
          10_000,
        );
        expect(await phone.socket.ask('imHere', { command_id: lock.body.command.id })).toEqual({ ok: true });
        expect(
          await phone.socket.ask('commandResult', { command_id: lock.body.command.id, outcome: 'done' }),
        ).toEqual({ ok: true });
        expect((await locked).command).toMatchObject({ type: 'lock', state: 'done' });

        // lost mode, ordered on another process than the phone's and carried out by the phone
        const lostOn = phone.socket.next('command', (p: { type: string }) => p.type === 'lostOn', 10_000);
        const lost = await post<{ command: { id: number } }>(
          '/api/app/lostphone/lostMyPhoneSubscribeNotification',
          { device_id: deviceId },
          token,
          [phone.process],
        );
        expect(lost.status).toBe(200);
        await lostOn;
        const lostDone = panel.socket.next(
          'commandState',
          (p: { command: { id: number; state: string } }) =>
            p.command.id === lost.body.command.id && p.command.state === 'done',
          10_000,
        );
        await phone.socket.ask('commandResult', { command_id: lost.body.command.id, outcome: 'done' });
        await lostDone;

        // the photo goes up through one process, is listed through another and downloaded through a third
        const report = await post<{ info: { id: number; image_url: string } }>(
          '/api/device/lostphone/report',
          { lat: -33.45, lng: -70.66, image: JPEG.toString('base64') },
          deviceToken,
        );
        expect(report.status).toBe(201);
        const listed = await post<{ info: { id: number; image_url: string }[] }>(
          '/api/app/lostphone/getLostMyPhoneInfo',
          { device_id: deviceId },
          token,
          [report.process],
        );
        expect(listed.body.info.map((info) => info.id)).toEqual([report.body.info.id]);
        const photo = await request('GET', listed.body.info[0]!.image_url, {
          avoid: [report.process, listed.process],
        });
        expect(photo.status).toBe(200);
        expect(photo.body.equals(JPEG)).toBe(true);

        // an SOS raised through another process than the panel's is seen there, and its link opens
        const alerted = panel.socket.next<{ open: boolean; url: string }>(
          'alertChanged',
          (p) => p.open,
          10_000,
        );
        const sos = await post<{ alert_id: number }>(
          '/api/device/alert',
          { lat: -33.45, lng: -70.66 },
          deviceToken,
          [panel.process],
        );
        expect(sos.status).toBe(201);
        const alert = await alerted;
        expect(alert).toMatchObject({ alert_id: sos.body.alert_id, is_own: true, open: true });
        const alertToken = /\/alerta\/([\w-]+)/.exec(alert.url)?.[1];
        expect(alertToken).toBeDefined();
        const page = await request('GET', `/api/public/alerts/${alertToken}`, { avoid: [sos.process] });
        expect(page.status).toBe(200);
        expect(JSON.parse(page.body.toString())).toMatchObject({
          open: true,
          who: { name: 'Ana Multi' },
        });

        // every process took part
        expect(new Set(balancer.connections)).toEqual(new Set([0, 1, 2]));
      },
    );

    it(
      'a phone removed through one process is cut off on the one that holds its link (decision 044)',
      { timeout: 60_000 },
      async () => {
        const { token, password } = await signUp(post, { name: 'Ana Quita' });
        const { deviceId, deviceToken } = await registerPhone(post, token);
        const phone = await socketOn(DEVICE_NAMESPACE, deviceToken);
        const disconnected = cutOff(phone);

        const removed = await post(
          '/api/app/devices/remove',
          { device_id: deviceId, password, delete_data: true },
          token,
          [phone.process],
        );
        expect(removed.status).toBe(200);
        expect(await disconnected).toBe('io server disconnect');
        expect(phone.socket.received.map((m) => m.type)).toContain('deviceRemoved');
        // its token is refused on every process; the starter plan's one place takes another phone
        for (let i = 0; i < PROCESSES; i += 1) {
          const refused = await post(
            '/api/device/lostphone/report',
            { lat: 1, lng: 1, image: '' },
            deviceToken,
          );
          expect(refused.status).toBe(401);
        }
        await registerPhone(post, token);
      },
    );
  },
);
