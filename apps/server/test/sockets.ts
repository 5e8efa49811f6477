/**
 * Real Socket.IO clients for realtime tests: a panel (with a customToken from the real endpoint) and
 * a phone (with the device token of a real registration), connected to a listening test server.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { DEVICE_NAMESPACE, PANEL_NAMESPACE } from '@escudo/contract';
import { deviceCommands } from '../src/features/commands/commands.schema.ts';
import { userPlans, users } from '../src/features/accounts/accounts.schema.ts';
import { recordCommandResult } from '../src/features/commands/commands.service.ts';
import { createTestApp, signUpUser, type TestApp } from './test-app.ts';
import { verifyEmailOf } from './outbox.ts';

export type TestSocket = Socket & {
  /** every message received, in order */
  received: { type: string; payload: unknown }[];
  /** resolves with the first payload of `type` matching `where` received from now on */
  next<T = Record<string, unknown>>(
    type: string,
    where?: (payload: T) => boolean,
    timeoutMs?: number,
  ): Promise<T>;
  /** like `next`, but a matching payload already received counts (what a server sends on connect) */
  seen<T = Record<string, unknown>>(
    type: string,
    where?: (payload: T) => boolean,
    timeoutMs?: number,
  ): Promise<T>;
  /**
   * resolves once `count` messages of `type` were received, earlier ones included, with their
   * payloads: what a server sends on connect may take long on a slow machine, so wait for it rather
   * than for a fixed time
   */
  gathered<T = Record<string, unknown>>(type: string, count: number, timeoutMs?: number): Promise<T[]>;
  /** emits and resolves with the server's acknowledgement */
  ask(type: string, payload: unknown): Promise<{ ok: boolean; code?: string; message?: string }>;
};

export async function listen(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

function wrap(socket: Socket): TestSocket {
  const test = socket as TestSocket;
  test.received = [];
  const waiters: { type: string; where: (payload: never) => boolean; resolve: (payload: never) => void }[] =
    [];
  socket.onAny((type: string, payload: unknown) => {
    test.received.push({ type, payload });
    for (const waiter of [...waiters]) {
      if (waiter.type === type && waiter.where(payload as never)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(payload as never);
      }
    }
  });
  test.next = (type, where = () => true, timeoutMs = 5000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
      waiters.push({
        type,
        where: where as (payload: never) => boolean,
        resolve: (payload) => {
          clearTimeout(timer);
          resolve(payload);
        },
      });
    });
  test.seen = (type, where = () => true, timeoutMs) => {
    const earlier = test.received.find((m) => m.type === type && where(m.payload as never));
    return earlier ? Promise.resolve(earlier.payload as never) : test.next(type, where, timeoutMs);
  };
  test.gathered = async (type, count, timeoutMs = 10_000) => {
    const payloads = () => test.received.filter((m) => m.type === type).map((m) => m.payload as never);
    for (let waited = 0; payloads().length < count; waited += 20) {
      if (waited >= timeoutMs)
        throw new Error(`${payloads().length} of ${count} ${type} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return payloads();
  };
  test.ask = (type, payload) =>
    socket.timeout(5000).emitWithAck(type, payload) as Promise<{
      ok: boolean;
      code?: string;
      message?: string;
    }>;
  return test;
}

/** Connects and waits for the connection, or rejects with the server's refusal. */
export async function connect(url: string, token: string): Promise<TestSocket> {
  const socket = wrap(
    io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  return socket;
}

export async function panelToken(app: TestApp, user: { token: string }): Promise<string> {
  const { user: details } = (await app.post('/api/app/user/details', {}, user.token)).json() as {
    user: { id: number };
  };
  const response = await app.post(
    '/api/app/user/createFirebaseAuthToken',
    { device_id: `panel-${details.id}` },
    user.token,
  );
  if (response.statusCode !== 200) throw new Error(`createFirebaseAuthToken: ${response.body}`);
  return (response.json() as { customToken: string }).customToken;
}

/**
 * A user with one registered phone: an Android one on the starter plan (Esencial) unless said. A
 * plan is set directly in the database, as a paid order leaves it (payments.test.ts tests the paying).
 * `isEmailVerified`: its owner opens the verification link first (outbox.ts `verifyEmailOf`).
 */
export async function userWithPhone(
  app: TestApp,
  {
    so = 'android',
    planId,
    name,
    isEmailVerified = false,
  }: { so?: 'android' | 'ios'; planId?: number; name?: string; isEmailVerified?: boolean } = {},
) {
  const user = await signUpUser(app, name === undefined ? {} : { name });
  if (isEmailVerified) user.token = await verifyEmailOf(app, user);
  const deviceId = `${so}-${randomBytes(5).toString('hex')}`;
  const response = await app.post(
    '/api/device/register',
    {
      device_id: deviceId,
      device_brand: so === 'ios' ? 'Apple' : 'Samsung',
      device_name: 'Teléfono de prueba',
      device_model: so === 'ios' ? 'iPhone 13' : 'Galaxy A54',
      device_so: so,
      device_soversion: so === 'ios' ? 17.4 : 14,
    },
    user.token,
  );
  if (response.statusCode !== 200) throw new Error(`register: ${response.body}`);
  const { device, device_token } = response.json() as {
    device: { id: number };
    device_token: string;
  };
  const [owner] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  if (planId !== undefined) {
    await app.ctx.db.update(userPlans).set({ planId }).where(eq(userPlans.userId, owner!.id));
  }
  return { ...user, userId: owner!.id, deviceId, internalId: device.id, deviceToken: device_token };
}

/**
 * The owner orders lost mode on (or off) and the phone confirms it (its `commandResult done`, the
 * lost flag's one writer), without a socket.
 */
export async function setLostMode(
  app: TestApp,
  owner: Awaited<ReturnType<typeof userWithPhone>>,
  isLost: boolean,
): Promise<void> {
  const path = isLost ? 'lostMyPhoneSubscribeNotification' : 'lostMyPhoneUnSubscribeNotification';
  const ordered = await app.post(`/api/app/lostphone/${path}`, { device_id: owner.deviceId }, owner.token);
  if (ordered.statusCode !== 200) throw new Error(`${path}: ${ordered.body}`);
  const phone = { deviceRowId: owner.internalId, userId: owner.userId, deviceId: owner.deviceId };
  const { command } = ordered.json() as { command: { id: number } };
  await recordCommandResult(app.ctx, phone, command.id, 'done');
}

/**
 * For a test file about realtime: one listening test app for the file, panels and phones connected to
 * it (closed after each test), and the small helpers those tests share.
 */
export function useRealtimeApp() {
  const state = {} as { app: TestApp; url: string };
  const open: TestSocket[] = [];
  beforeAll(async () => {
    state.app = await createTestApp();
    state.url = await listen(state.app);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => state.app.close());

  const connected = async (namespace: string, token: string) => {
    const socket = await connect(`${state.url}${namespace}`, token);
    open.push(socket);
    return socket;
  };
  // `app` and `url` are read from `state` once beforeAll has set them
  return Object.assign(state, {
    /** a panel of the user, with a customToken from the real endpoint */
    panel: async (user: { token: string }) => connected(PANEL_NAMESPACE, await panelToken(state.app, user)),
    /** the user's phone, with its device token */
    phone: (owner: { deviceToken: string }) => connected(DEVICE_NAMESPACE, owner.deviceToken),
    /** a command's row as stored */
    commandRow: async (id: number) =>
      (await state.app.ctx.db.select().from(deviceCommands).where(eq(deviceCommands.id, id)))[0]!,
  });
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
