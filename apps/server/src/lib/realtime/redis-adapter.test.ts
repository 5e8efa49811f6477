/**
 * Two real server processes sharing PostgreSQL and the machine's Redis: a panel on one and a phone on
 * the other still talk (issue 3). Runs in the PostgreSQL project only, since PGlite is one process's.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_NAMESPACE, PANEL_NAMESPACE } from '@escudo/contract';
import { connect, type TestSocket } from '../../../test/sockets.ts';
import { createPostgresDatabase } from '../../../test/test-app.ts';
import { startServerProcess, type ServerProcess } from '../../../test/server-process.ts';

const isPostgresRun = process.env.ESCUDO_TEST_DB === 'postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  if (server.process.exitCode !== null) throw new Error(`server exited: ${await server.exited}`);
  return server;
}

async function post<T>(url: string, body: unknown, token?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

describe.skipIf(!isPostgresRun)('two server processes through Redis', () => {
  const servers: ChildProcess[] = [];
  const sockets: TestSocket[] = [];
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let dataDir: string;
  let a: string;
  let b: string;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'escudo-redis-'));
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      // this run's own stream, whatever else uses the machine's Redis
      REDIS_STREAM: `escudo-test:${randomBytes(4).toString('hex')}`,
      APP_SECRET: randomBytes(32).toString('hex'),
      // one folder for both, as a shared volume or bucket would be
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-panel'),
    };
    // one after the other: the first applies the migrations
    const first = await startServer(env);
    servers.push(first.process);
    const second = await startServer(env);
    servers.push(second.process);
    a = first.url;
    b = second.url;
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all(
      servers.map(
        (child) =>
          new Promise((resolve) => {
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    await database?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('relays probes, commands and their states between a panel on one process and a phone on the other', async () => {
    const email = `ana.${randomBytes(4).toString('hex')}@example.cl`;
    const signUp = await post<{ access_token: string }>(`${a}/api/auth/signUpByCode`, {
      name: 'Ana',
      email,
      password: 'una-clave-segura',
    });
    expect(signUp.status).toBe(201);
    const token = signUp.body.access_token;
    const deviceId = `android-${randomBytes(4).toString('hex')}`;
    const registered = await post<{ device_token: string }>(
      `${b}/api/device/register`,
      {
        device_id: deviceId,
        device_brand: 'Samsung',
        device_name: 'Teléfono de Ana',
        device_model: 'Galaxy A54',
        device_so: 'android',
        device_soversion: 14,
      },
      token,
    );
    expect(registered.status).toBe(200);
    const { user } = (await post<{ user: { id: number } }>(`${a}/api/app/user/details`, {}, token)).body;
    const { customToken } = (
      await post<{ customToken: string }>(
        `${a}/api/app/user/createFirebaseAuthToken`,
        { device_id: `panel-${user.id}` },
        token,
      )
    ).body;

    const panel = await connect(`${a}${PANEL_NAMESPACE}`, customToken);
    sockets.push(panel);
    const online = panel.next('presence', (p) => p.online === true, 10_000);
    const phone = await connect(`${b}${DEVICE_NAMESPACE}`, registered.body.device_token);
    sockets.push(phone);
    expect(await online).toEqual({ device_id: deviceId, online: true });

    const probe = phone.next('ayThere', undefined, 10_000);
    expect(await panel.ask('ayThere', { device_id: deviceId, probe_id: 'cross-process-1' })).toEqual({
      ok: true,
    });
    expect(await probe).toEqual({ probe_id: 'cross-process-1' });
    const answer = panel.next('imHere', undefined, 10_000);
    await phone.ask('imHere', { probe_id: 'cross-process-1' });
    expect(await answer).toEqual({ device_id: deviceId, probe_id: 'cross-process-1' });

    // an order given through process A reaches the phone on process B, and its states come back
    const command = phone.next('command', undefined, 10_000);
    const lock = await post<{ command: { id: number } }>(
      `${a}/api/app/lostphone/blockMyPhoneNotification`,
      { device_id: deviceId, pin: '4321' },
      token,
    );
    expect(lock.status).toBe(200);
    expect(await command).toMatchObject({ type: 'lock', pin: '4321' });
    const done = panel.next(
      'commandState',
      (p: { command: { state: string } }) => p.command.state === 'done',
      10_000,
    );
    await phone.ask('imHere', { command_id: lock.body.command.id });
    await phone.ask('commandResult', {
      command_id: lock.body.command.id,
      outcome: 'done',
    });
    expect((await done).command).toMatchObject({ type: 'lock', state: 'done' });
  });
});
