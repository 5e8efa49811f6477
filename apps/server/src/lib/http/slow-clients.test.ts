/**
 * Slow and idle clients never take the service down (decision 031), on real sockets: the gate and the
 * timeouts sit on the HTTP server, which `inject()` bypasses.
 */
import net from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createListeningTestApp } from '../../../test/listening-test-app.ts';
import { signUpUser, type TestApp } from '../../../test/test-app.ts';
import { userWithPhone } from '../../../test/sockets.ts';
import { makeOperator } from '../../../test/operators.ts';

/** the download a slow reader does not read */
const FILE_BYTES = 64 * 1024 * 1024;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** timeouts small enough for a test: a stalled body goes after 300 ms without a byte */
const smallTimeouts = {
  HTTP_KEEP_ALIVE_TIMEOUT_MS: '200',
  HTTP_HEADERS_TIMEOUT_MS: '400',
  HTTP_IDLE_TIMEOUT_MS: '300',
  HTTP_TIMEOUT_CHECK_EVERY_MS: '100',
};

let app: TestApp | null = null;
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await app?.close();
  app = null;
});

function baseOf(testApp: TestApp): string {
  return testApp.ctx.env.PUBLIC_URL;
}

/** a raw connection that has sent `head` (and maybe part of a body) and then nothing more */
async function stuckConnection(
  base: string,
  head: string,
): Promise<{ socket: net.Socket; closed: Promise<string> }> {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.write(head);
  return { socket, closed };
}

function postJson(base: string, url: string, body: unknown, token?: string) {
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

// each test starts a listening server of its own
describe('slow clients', { timeout: 120_000 }, () => {
  it('40 bodies that never finish hold no place: a sign-in and an SOS answer at once, and they are closed', async () => {
    // stalled bodies outlive the queue's wait: had they held places, the sign-in would get 503
    app = await createListeningTestApp({
      ...smallTimeouts,
      HTTP_IDLE_TIMEOUT_MS: '3000',
      MAX_QUEUE_WAIT_MS: '1000',
      // 40 connections at once from this one address: accepted in one burst on a busy machine, more
      // than the cap on connections still sending their headers (decision 051, connection-caps.test.ts)
      // would be, and those would be refused before the gate could hold them
      HTTP_MAX_PENDING_HEADERS_PER_ADDRESS: '0',
    });
    const base = baseOf(app);
    const ana = await userWithPhone(app);
    const stuck = await Promise.all(
      Array.from({ length: 40 }, () =>
        stuckConnection(
          base,
          'POST /api/auth/login HTTP/1.1\r\nHost: escudo.test\r\nContent-Type: application/json\r\n' +
            'Content-Length: 1000\r\n\r\n{"email":"',
        ),
      ),
    );
    // the server has them all (the gate runs on each as its headers arrive) before the others ask
    await wait(500);

    const signIn = await postJson(base, '/api/auth/login', { email: ana.email, password: ana.password });
    expect(signIn.status).toBe(200);
    const sos = await postJson(base, '/api/device/alert', { lat: -33.45, lng: -70.66 }, ana.deviceToken);
    expect(sos.status).toBe(201);

    // each stalled body is closed by the server, with no answer (nothing of it was worked on)
    const answers = await Promise.all(stuck.map(({ closed }) => closed));
    expect(answers.every((answer) => !answer.startsWith('HTTP/1.1 503'))).toBe(true);
  });

  it('a body that keeps arriving slowly is not cut off, and is worked on once it is in', async () => {
    app = await createListeningTestApp({ ...smallTimeouts });
    const base = baseOf(app);
    const ana = await signUpUser(app);
    const body = JSON.stringify({ email: ana.email, password: ana.password });
    const { socket, closed } = await stuckConnection(
      base,
      'POST /api/auth/login HTTP/1.1\r\nHost: escudo.test\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    // a few bytes every 100 ms: the whole body takes longer than the idle timeout, never idle for it
    for (let at = 0; at < body.length; at += 8) {
      socket.write(body.slice(at, at + 8));
      await wait(100);
    }
    expect(await closed).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('headers that never finish are closed by the headers timeout', async () => {
    app = await createListeningTestApp({ ...smallTimeouts });
    const { closed } = await stuckConnection(
      baseOf(app),
      'GET /api/config HTTP/1.1\r\nHost: escudo.test\r\n',
    );
    expect(await closed).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a slow reader of a download holds no place: with one place, a sign-in still answers', async () => {
    // the reader outlives the queue's wait: had it held the one place, the sign-in would get 503
    app = await createListeningTestApp({
      ...smallTimeouts,
      HTTP_IDLE_TIMEOUT_MS: '1000',
      MAX_CONCURRENT_REQUESTS: '1',
      MAX_QUEUE_WAIT_MS: '500',
    });
    const base = baseOf(app);
    const ana = await signUpUser(app);
    // far more than the socket buffers hold (on loopback they grow to 32 MB + 4 MB here): the answer
    // cannot be all sent until it is read
    await app.ctx.storage.write('tests/big.mp4', Readable.from([Buffer.alloc(FILE_BYTES, 7)]));
    const link = app.ctx.fileLinks.create('tests/big.mp4', 60_000);
    const { socket, closed } = await stuckConnection(
      base,
      `GET ${link} HTTP/1.1\r\nHost: escudo.test\r\n\r\n`,
    );
    socket.pause();
    await wait(100);
    expect(app.ctx.env.MAX_CONCURRENT_REQUESTS).toBe(1);

    const signIn = await postJson(base, '/api/auth/login', { email: ana.email, password: ana.password });
    expect(signIn.status).toBe(200);

    // a reader that reads nothing for the idle timeout is closed: it never gets the whole file
    await wait(3500);
    socket.resume();
    const received = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received.length).toBeLessThan(FILE_BYTES);
  });

  it('uploads have places of their own, per address: a second one from the same address is refused, a sign-in is not', async () => {
    app = await createListeningTestApp({
      ...smallTimeouts,
      HTTP_IDLE_TIMEOUT_MS: '5000',
      MAX_CONCURRENT_REQUESTS: '1',
      MAX_CONCURRENT_UPLOADS_PER_ADDRESS: '1',
    });
    const base = baseOf(app);
    const operator = await makeOperator(app);
    const head =
      'POST /api/operator/atenciones/evidence HTTP/1.1\r\nHost: escudo.test\r\n' +
      `Authorization: Bearer ${operator.token}\r\n` +
      'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000\r\n\r\n--x\r\n';
    // an upload that arrives slowly (here: not at all) is worked on as it arrives, in an upload place
    await stuckConnection(base, head);
    await wait(100);
    const second = await stuckConnection(base, head);
    expect(await second.closed).toMatch(/^HTTP\/1\.1 503 [\s\S]*SERVER_BUSY/);

    // the one place of the queue is free: sign-in is not held behind the upload
    const signIn = await postJson(base, '/api/auth/login', {
      email: operator.email,
      password: operator.password,
    });
    expect(signIn.status).toBe(200);
  });
});
