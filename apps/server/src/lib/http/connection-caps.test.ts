/**
 * No crowd of idle or stalled connections takes the server off the network (decision 051), on real
 * sockets from addresses of 127.0.0.0/8: connections over a per-address cap, or over the cap on all
 * of them, are refused as they are accepted, and everyone else is still served.
 */
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { createListeningTestApp } from '../../../test/listening-test-app.ts';
import { getRequest, openRawConnection, requestFrom, type RawConnection } from '../../../test/raw-http.ts';
import { startSlowloris, type Slowloris } from '../../../test/slowloris.ts';
import { userWithPhone } from '../../../test/sockets.ts';
import type { TestApp } from '../../../test/test-app.ts';

const METRICS_TOKEN = 'token-de-metricas-de-prueba-0123456789';

let app: TestApp | null = null;
let slowloris: Slowloris | null = null;
const connections: RawConnection[] = [];
const webSockets: WebSocket[] = [];
afterEach(async () => {
  await slowloris?.stop();
  slowloris = null;
  for (const connection of connections.splice(0)) connection.socket.destroy();
  for (const socket of webSockets.splice(0)) socket.terminate();
  await app?.close();
  app = null;
});

function baseOf(testApp: TestApp): string {
  return testApp.ctx.env.PUBLIC_URL;
}

async function connect(base: string, from: string): Promise<RawConnection> {
  const connection = await openRawConnection(base, { from });
  connections.push(connection);
  return connection;
}

/** a connection from `from` that has had one answer and stays open (keep-alive) */
async function keptAlive(base: string, from: string): Promise<RawConnection> {
  const connection = await connect(base, from);
  connection.socket.write(getRequest('/api/config'));
  const [answer] = await connection.answers(1);
  expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  return connection;
}

/** a connection from `from` refused as it was accepted: closed without a byte of answer */
async function expectRefused(base: string, from: string): Promise<void> {
  const connection = await connect(base, from);
  connection.socket.write(getRequest('/api/config'));
  expect(await connection.closed).toBe('');
}

/** the connections the server holds */
function connectionsOf(testApp: TestApp): Promise<number> {
  return new Promise((resolve, reject) =>
    testApp.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

/** resolves once `condition` holds, looking every 10 ms (the test's time-out guards a hang) */
async function waitFor(condition: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** escudo_connections_refused_total by reason, as GET /metrics says it */
async function refusals(testApp: TestApp): Promise<Record<string, number>> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  const counts: Record<string, number> = {};
  for (const [, reason, value] of response.body.matchAll(
    /^escudo_connections_refused_total\{reason="(\w+)"\} (\d+)$/gm,
  ))
    counts[reason!] = Number(value);
  return counts;
}

// each test starts a listening server of its own; the first one, 20,000 connections on 2 cores
describe('connection caps', { timeout: 120_000 }, () => {
  // the caps are the HTTP server's, whichever database answers the sign-in: the attack, which costs the
  // machine twenty thousand sockets, runs once, on the embedded database (on Node 24 too, in CI)
  it.skipIf(process.env.ESCUDO_TEST_DB === 'postgres')(
    '20,000 stalled connections from 40 addresses: a sign-in and an SOS from another address still answer',
    async () => {
      // the caps' and the timeouts' defaults, as production runs
      app = await createListeningTestApp({ METRICS_TOKEN });
      const base = baseOf(app);
      const { env } = app.ctx;
      const ana = await userWithPhone(app);
      const addresses = Array.from({ length: 40 }, (_, i) => `127.0.0.${i + 1}`);
      const { hostname, port } = new URL(base);
      slowloris = await startSlowloris(
        // slowloris' own default round is 15 s
        { host: hostname, port: Number(port), addresses, perAddress: 500, roundMs: 5000 },
        4,
      );
      // the attack at its full: every address holds all the server lets it hold, and the attackers
      // open again what the server refused (10,000 of them opened again)
      const mostHeld = addresses.length * env.HTTP_MAX_PENDING_HEADERS_PER_ADDRESS;
      const opened = async () =>
        (await slowloris!.counts()).reduce((sum, counts) => sum + counts.attempts, 0);
      await waitFor(async () => (await connectionsOf(app!)) >= mostHeld);
      await waitFor(async () => (await opened()) >= 30_000);

      let held = 0;
      const sampling = setInterval(() => {
        void connectionsOf(app!).then((count) => (held = Math.max(held, count)));
      }, 20);
      const signInStarted = performance.now();
      const signIn = await requestFrom('127.0.0.200', base, {
        method: 'POST',
        path: '/api/auth/login',
        body: { email: ana.email, password: ana.password },
      });
      const signInMs = performance.now() - signInStarted;
      const sosStarted = performance.now();
      const sos = await requestFrom('127.0.0.200', base, {
        method: 'POST',
        path: '/api/device/alert',
        body: { lat: -33.45, lng: -70.66 },
        token: ana.deviceToken,
      });
      const sosMs = performance.now() - sosStarted;
      clearInterval(sampling);
      const attackers = await slowloris.counts();
      const sum = (count: (counts: (typeof attackers)[number]) => number) =>
        attackers.reduce((total, counts) => total + count(counts), 0);

      expect(signIn.status).toBe(200);
      expect(sos.status).toBe(201);
      // at most the cap from each attacking address (and the one connection of the sign-in or SOS)
      expect(held).toBeLessThanOrEqual(mostHeld + 1);
      expect((await refusals(app)).headers_per_address).toBeGreaterThan(0);
      // the figures of decision 051, for whoever runs this by hand
      console.info(
        `slowloris: ${sum((c) => c.attempts)} connections opened, ${sum((c) => c.closes)} of them refused or ` +
          `closed; at the end ${sum((c) => c.connected)} connected and ${sum((c) => c.connecting)} connecting ` +
          `on the attackers' side, at most ${held} held by the server (cap ${mostHeld}); ` +
          `sign-in ${Math.round(signInMs)} ms (connecting ${Math.round(signIn.connectMs)} ms), ` +
          `SOS ${Math.round(sosMs)} ms (connecting ${Math.round(sos.connectMs)} ms)`,
      );
    },
  );

  it('caps the open connections of one address, not of another; one that closes makes room', async () => {
    app = await createListeningTestApp({ METRICS_TOKEN, HTTP_MAX_CONNECTIONS_PER_ADDRESS: '5' });
    const base = baseOf(app);
    const fiveOfThem = [];
    for (let i = 0; i < 5; i += 1) fiveOfThem.push(await keptAlive(base, '127.0.0.2'));
    await expectRefused(base, '127.0.0.2');
    await keptAlive(base, '127.0.0.3');
    expect(await refusals(app)).toMatchObject({ open_per_address: 1, headers_per_address: 0 });

    fiveOfThem[0]!.socket.destroy();
    await waitFor(async () => (await connectionsOf(app!)) === 5);
    await keptAlive(base, '127.0.0.2');
  });

  it('caps the connections of one address still sending headers, until their headers are in, whoever answers them', async () => {
    app = await createListeningTestApp({ METRICS_TOKEN, HTTP_MAX_PENDING_HEADERS_PER_ADDRESS: '3' });
    const base = baseOf(app);
    const stalled = [];
    for (let i = 0; i < 3; i += 1) {
      const connection = await connect(base, '127.0.0.4');
      connection.socket.write('GET /api/config HTTP/1.1\r\nHost: escudo.test\r\n');
      stalled.push(connection);
    }
    await waitFor(async () => (await connectionsOf(app!)) === 3);
    await expectRefused(base, '127.0.0.4');
    await keptAlive(base, '127.0.0.5');
    expect(await refusals(app)).toMatchObject({ headers_per_address: 1, open_per_address: 0 });

    // one stalled request ends its headers: it is answered, and a new connection finds room
    stalled[0]!.socket.write('\r\n');
    expect((await stalled[0]!.answers(1))[0]).toMatch(/^HTTP\/1\.1 200 /);
    await keptAlive(base, '127.0.0.4');

    // the realtime's requests (long-polling, taken before Fastify) and its WebSocket upgrades count as
    // requests like any other: more of them than the cap, from one address, all stay open
    for (let i = 0; i < 4; i += 1) {
      const polling = await connect(base, '127.0.0.6');
      polling.socket.write(getRequest('/socket.io/?EIO=4&transport=polling'));
      expect((await polling.answers(1))[0]).toMatch(/^HTTP\/1\.1 200 /);
    }
    for (let i = 0; i < 4; i += 1) {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`, {
        localAddress: '127.0.0.6',
      });
      webSockets.push(socket);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    }
    await keptAlive(base, '127.0.0.6');
  });

  it('leaves the proxies TRUST_PROXY lists uncapped, and every peer with a hop count', async () => {
    app = await createListeningTestApp({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '2', TRUST_PROXY: '127.0.0.7' });
    for (let i = 0; i < 4; i += 1) await keptAlive(baseOf(app), '127.0.0.7');
    await keptAlive(baseOf(app), '127.0.0.8');
    await keptAlive(baseOf(app), '127.0.0.8');
    await expectRefused(baseOf(app), '127.0.0.8');
    for (const connection of connections.splice(0)) connection.socket.destroy();
    await app.close();

    app = await createListeningTestApp({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '2', TRUST_PROXY: '1' });
    for (let i = 0; i < 4; i += 1) await keptAlive(baseOf(app), '127.0.0.9');
  });

  it('refuses connections past HTTP_MAX_CONNECTIONS and takes new ones again once others close', async () => {
    app = await createListeningTestApp({ METRICS_TOKEN, HTTP_MAX_CONNECTIONS: '6' });
    const base = baseOf(app);
    expect(app.app.server.maxConnections).toBe(6);
    const open = [];
    for (let i = 0; i < 6; i += 1) open.push(await keptAlive(base, `127.0.0.${10 + i}`));
    await expectRefused(base, '127.0.0.16');
    await expectRefused(base, '127.0.0.10');
    expect((await refusals(app)).max_connections).toBe(2);

    // the process works on: what it holds is still served, and a closed one makes room
    open[0]!.socket.write(getRequest('/api/config'));
    expect((await open[0]!.answers(2))[1]).toMatch(/^HTTP\/1\.1 200 /);
    open[1]!.socket.destroy();
    await waitFor(async () => (await connectionsOf(app!)) === 5);
    await keptAlive(base, '127.0.0.16');
  });
});
