/**
 * Two real server processes on a Redis of the test's own: nothing waits on Redis or on a silent process
 * (hub.ts). While Redis is away an order to a phone of the same process still arrives and /readyz names
 * redis; once it is back, the order given through one process for a phone on the other arrives (sent
 * again) and new ones cross as before. A process stopped by SIGSTOP does not hold up another's user
 * details. Runs in the PostgreSQL project only, since PGlite is one process's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_NAMESPACE } from '@escudo/contract';
import { connect, type TestSocket } from '../../../test/sockets.ts';
import { startSharedServers, type SharedServers } from '../../../test/shared-servers.ts';
import { postTo, registerPhone, signUp } from '../../../test/http.ts';
import { createTestRedis, type TestRedis } from '../../../test/redis-server.ts';

const isPostgresRun = process.env.ESCUDO_TEST_DB === 'postgres';

type Details = { user: { dispositivos: { device_id: string; online: boolean }[] } };

/** GET /readyz until `where` holds its answer (Redis is seen lost or back within a few seconds) */
async function readyzUntil(url: string, where: (status: number, body: string) => boolean) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const answer = await fetch(`${url}/readyz`);
    const body = await answer.text();
    if (where(answer.status, body)) return { status: answer.status, body: JSON.parse(body) as unknown };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('/readyz never said it');
}

describe.skipIf(!isPostgresRun)('Redis lost and a process stopped, with two server processes', () => {
  const sockets: TestSocket[] = [];
  let redis: TestRedis;
  let shared: SharedServers;
  let a: string;
  let b: string;

  /** an account with one phone connected to `url`'s process */
  async function phoneOn(url: string) {
    const { token } = await signUp(postTo(a));
    const { deviceId, deviceToken } = await registerPhone(postTo(a), token);
    const socket = await connect(`${url}${DEVICE_NAMESPACE}`, deviceToken);
    sockets.push(socket);
    return { token, deviceId, socket };
  }

  const lock = (token: string, deviceId: string, pin: string) =>
    postTo(a)<{ command: { id: number } }>(
      '/api/app/lostphone/blockMyPhoneNotification',
      { device_id: deviceId, pin },
      token,
    );

  beforeAll(async () => {
    redis = await createTestRedis();
    shared = await startSharedServers(2, { REDIS_URL: redis.url });
    [a, b] = shared.servers.map((server) => server.url) as [string, string];
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const server of shared?.servers ?? []) server.process.kill('SIGCONT');
    await redis?.start().catch(() => undefined);
    await shared?.close();
    await redis?.stop();
  });

  it(
    'delivers within the process while Redis is away, and across once it is back',
    { timeout: 60_000 },
    async () => {
      const near = await phoneOn(a);
      const far = await phoneOn(b);
      await readyzUntil(a, (status) => status === 200);

      await redis.stop();
      const down = await readyzUntil(a, (status) => status === 503);
      expect(down.body).toEqual({ status: 'unavailable', failing: ['redis'] });

      // the phone on the process that took the order gets it now, Redis or not
      const nearLock = near.socket.next('command', (p: { type: string }) => p.type === 'lock', 10_000);
      expect((await lock(near.token, near.deviceId, '1111')).status).toBe(200);
      expect(await nearLock).toMatchObject({ type: 'lock', pin: '1111' });

      // the one on the other process cannot be reached now; the order is stored and waits
      const farLock = far.socket.next('command', (p: { type: string }) => p.type === 'lock', 30_000);
      const ordered = await lock(far.token, far.deviceId, '2222');
      expect(ordered.status).toBe(200);

      await redis.start();
      await readyzUntil(a, (status) => status === 200);
      await readyzUntil(b, (status) => status === 200);
      // sent again once the link is back, not lost
      expect(await farLock).toMatchObject({ id: ordered.body.command.id, type: 'lock', pin: '2222' });

      // and what is ordered from now on crosses as before
      const lostOn = far.socket.next('command', (p: { type: string }) => p.type === 'lostOn', 10_000);
      const lost = await postTo(a)(
        '/api/app/lostphone/lostMyPhoneSubscribeNotification',
        { device_id: far.deviceId },
        far.token,
      );
      expect(lost.status).toBe(200);
      await lostOn;
    },
  );

  it(
    'answers user details with what it knows while another process is stopped',
    { timeout: 60_000 },
    async () => {
      const near = await phoneOn(a);
      const far = await phoneOn(b);
      const details = (token: string) => postTo(a)<Details>('/api/app/user/details', {}, token);
      // both processes answer: each phone is online, wherever its connection is
      expect((await details(far.token)).body.user.dispositivos).toMatchObject([{ online: true }]);

      const stopped = shared.servers[1]!.process;
      stopped.kill('SIGSTOP');
      try {
        // process B never answers the question; A says what it knows instead of waiting for it
        const answer = await details(near.token);
        expect(answer.status).toBe(200);
        expect(answer.body.user.dispositivos).toMatchObject([{ device_id: near.deviceId, online: true }]);
        const unknown = await details(far.token);
        expect(unknown.status).toBe(200);
        expect(unknown.body.user.dispositivos).toMatchObject([{ device_id: far.deviceId, online: false }]);
      } finally {
        stopped.kill('SIGCONT');
      }
      expect((await details(far.token)).body.user.dispositivos).toMatchObject([{ online: true }]);
    },
  );
});
