/**
 * SIGTERM on real server processes (decision 030). Two processes share PostgreSQL and
 * Redis behind a balancer that checks /readyz: process A is told to stop while an upload to it is
 * streaming and a lock waits for a phone connected to it. Nothing is lost: /readyz on A says
 * 'shutting-down' at once, the upload finishes and its file is there, A exits cleanly, the phone and
 * the panel reconnect by themselves through the balancer to B, and the lock completes there. On PGlite,
 * a SIGTERM during writes leaves every acknowledged write on disk for the next start.
 */
import http from 'node:http';
import net from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_NAMESPACE, PANEL_NAMESPACE } from '@escudo/contract';
import { startServer, type ServerProcess } from '../../test/server-process.ts';
import { isoVideo } from '../../test/iso-video.ts';
import { startSharedServers, type SharedServers } from '../../test/shared-servers.ts';
import { seedPgliteFolder } from '../../test/test-app.ts';
import { makeOperatorThrough } from '../../test/operators.ts';
import { startBalancer, type Balancer } from '../../test/balancer.ts';
import { panelCustomToken, postJson, postTo, registerPhone, signUp } from '../../test/http.ts';

const isPostgresRun = process.env.ESCUDO_TEST_DB === 'postgres';
const METRICS_TOKEN = randomBytes(24).toString('hex');

/** resolves with the exit code once the process has exited */
function exitCodeOf(server: ServerProcess): Promise<number | null> {
  return server.exited.then(() => server.process.exitCode);
}

/**
 * A socket.io client as the phone simulator and the panel use it: reconnecting by itself (the
 * default), through the balancer. Every message is kept, with the id of the connection it came on.
 */
function client(url: string, token: string) {
  const socket = io(url, { auth: { token }, transports: ['websocket'], forceNew: true });
  const received: { type: string; payload: unknown; connection: string | undefined }[] = [];
  socket.onAny((type: string, payload: unknown) => received.push({ type, payload, connection: socket.id }));
  const until = async (isDone: () => boolean, what: string, timeoutMs = 20_000) => {
    for (let waited = 0; !isDone(); waited += 50) {
      if (waited >= timeoutMs) throw new Error(`no ${what} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { socket, received, until };
}

async function scrape(url: string): Promise<string> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return response.text();
}

/**
 * An owner with a phone and a panel token, and an operator attending the owner (made one by the
 * database, as the admin command would), all through server `url`.
 */
async function ownerAttended(url: string, databaseUrl: string) {
  const onA = postTo(url);
  const owner = await signUp(onA);
  const { token } = owner;
  const { deviceId, deviceToken } = await registerPhone(onA, token);
  const customToken = await panelCustomToken(onA, token);
  const { token: operatorToken } = await makeOperatorThrough(onA, databaseUrl);
  const opened = await onA<{ atencion: { id: number } }>(
    '/api/operator/atenciones/open',
    { email: owner.email },
    operatorToken,
  );
  expect(opened.status).toBe(201);
  return { token, deviceId, deviceToken, customToken, operatorToken, atencionId: opened.body.atencion.id };
}

/**
 * An upload of a real MP4 to server `url` as evidence of the atención, begun: its head and first bytes
 * written; the caller writes `restBytes` and ends with `tail`. `uploaded` resolves with the answer.
 */
function beginUpload(url: string, operatorToken: string, atencionId: number) {
  const boundary = 'escudo-shutdown-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="atencion_id"\r\n\r\n${atencionId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="camara.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const video = isoVideo('isom', 768 * 1024);
  const firstBytes = video.subarray(0, 256 * 1024);
  const restBytes = video.subarray(256 * 1024);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const uploadUrl = new URL(`${url}/api/operator/atenciones/evidence`);
  const upload = http.request({
    host: uploadUrl.hostname,
    port: uploadUrl.port,
    path: uploadUrl.pathname,
    method: 'POST',
    headers: {
      authorization: `Bearer ${operatorToken}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + firstBytes.length + restBytes.length + tail.length),
    },
  });
  const uploaded = new Promise<{ status: number; body: string }>((resolve, reject) => {
    upload.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    upload.on('error', reject);
  });
  upload.write(head);
  upload.write(firstBytes);
  return { upload, uploaded, firstBytes, restBytes, tail };
}

describe.skipIf(!isPostgresRun)('SIGTERM with an upload streaming and a lock pending', () => {
  let shared: SharedServers;
  let balancer: Balancer;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    // LOG_LEVEL info: the test reads A's log line that it began shutting down
    shared = await startSharedServers(2, { METRICS_TOKEN, LOG_LEVEL: 'info' });
    [a, b] = shared.servers as [ServerProcess, ServerProcess];
    // A first: every connection lands on A while it is ready
    balancer = await startBalancer([a.url, b.url], { pick: 'first-ready' });
  }, 180_000);

  afterAll(async () => {
    await balancer?.close();
    await shared?.close();
  });

  it('finishes the upload on A, and the phone and the panel carry the lock to its end on B', async () => {
    const onA = postTo(a.url);
    const { token, deviceId, deviceToken, customToken, operatorToken, atencionId } = await ownerAttended(
      a.url,
      shared.database.url,
    );

    // the panel and the phone connect through the balancer, and land on A
    const panel = client(`${balancer.url}${PANEL_NAMESPACE}`, customToken);
    const phone = client(`${balancer.url}${DEVICE_NAMESPACE}`, deviceToken);
    try {
      await panel.until(() => panel.socket.connected, 'panel connection');
      await phone.until(() => phone.socket.connected, 'phone connection');
      const metricsOfA = await scrape(a.url);
      expect(metricsOfA).toContain('escudo_connected_phones 1');
      expect(metricsOfA).toContain('escudo_connected_panels 1');

      // a lock the phone receives and has not carried out yet
      const lock = await onA<{ command: { id: number } }>(
        '/api/app/lostphone/blockMyPhoneNotification',
        { device_id: deviceId, pin: '4321' },
        token,
      );
      expect(lock.status).toBe(200);
      const commandId = lock.body.command.id;
      const commandsReceived = () =>
        phone.received.filter((m) => m.type === 'command' && (m.payload as { id: number }).id === commandId);
      // at least once: when the order comes while the phone's connection is still being resumed, the
      // resume's look-up of open orders finds it too, and the phone is sent it twice
      await phone.until(() => commandsReceived().length > 0, 'lock on the phone');
      const firstConnection = phone.socket.id;

      // an upload to A: a real MP4's first bytes, then the rest while A is shutting down
      const { upload, uploaded, firstBytes, restBytes, tail } = beginUpload(a.url, operatorToken, atencionId);

      // a probe already begun on A (its headers not yet complete), finished after the signal
      const probe = net.connect(Number(new URL(a.url).port), '127.0.0.1');
      await new Promise((resolve) => probe.once('connect', resolve));
      probe.write('GET /readyz HTTP/1.1\r\nHost: escudo.test\r\n');
      let probeAnswer = '';
      probe.on('data', (chunk: Buffer) => (probeAnswer += chunk.toString()));
      // a reset shows as the empty answer below, not as an error nobody hears
      probe.on('error', () => {});
      const probeEnded = new Promise((resolve) => probe.once('close', resolve));
      // Node closes the connections it holds idle when it stops listening, and one whose first bytes it
      // has not read yet counts as idle: on a loaded machine A must have read them before the signal
      await new Promise((resolve) => setTimeout(resolve, 500));

      const aExit = exitCodeOf(a);
      a.process.kill('SIGTERM');
      // A says so on its log once it has begun
      await phone.until(() => /shutting down/.test(a.output()), 'the shutdown log line');
      probe.write('\r\n');
      await probeEnded;
      expect(probeAnswer).toMatch(/^HTTP\/1\.1 503/);
      expect(probeAnswer).toContain('{"status":"unavailable","failing":["shutting-down"]}');

      // the upload goes on to its end on A
      upload.write(restBytes);
      upload.end(tail);
      const answer = await uploaded;
      expect(answer.status, answer.body).toBe(201);
      const { evidence } = JSON.parse(answer.body) as { evidence: { size: number; file_url: string } };
      expect(evidence.size).toBe(firstBytes.length + restBytes.length);

      // A exits by itself, cleanly (its own bound would exit 1, past SHUTDOWN_GRACE_MS)
      expect(await aExit).toBe(0);
      expect(a.output()).not.toMatch(/exiting now/);

      // the phone and the panel came back by themselves, through the balancer, to B; the phone is
      // sent the pending lock again there and carries it out, and the panel hears that it is done
      await panel.until(() => panel.socket.connected, 'panel reconnection');
      await phone.until(
        () => commandsReceived().some((m) => m.connection !== firstConnection),
        'lock sent again on reconnection',
      );
      const metricsOfB = await scrape(b.url);
      expect(metricsOfB).toContain('escudo_connected_phones 1');
      expect(metricsOfB).toContain('escudo_connected_panels 1');
      expect(await phone.socket.timeout(10_000).emitWithAck('imHere', { command_id: commandId })).toEqual({
        ok: true,
      });
      expect(
        await phone.socket
          .timeout(10_000)
          .emitWithAck('commandResult', { command_id: commandId, outcome: 'done' }),
      ).toEqual({ ok: true });
      await panel.until(
        () =>
          panel.received.some(
            (m) =>
              m.type === 'commandState' &&
              (m.payload as { command: { id: number; state: string } }).command.id === commandId &&
              (m.payload as { command: { state: string } }).command.state === 'done',
          ),
        'the lock done on the panel',
      );
      expect(await scrape(b.url)).toContain('escudo_commands_total{kind="lock",state="done"} 1');

      // the uploaded file is whole, served by B from the shared folder
      const served = await fetch(`${b.url}${evidence.file_url}`);
      expect(served.status).toBe(200);
      expect((await served.arrayBuffer()).byteLength).toBe(firstBytes.length + restBytes.length);
    } finally {
      panel.socket.close();
      phone.socket.close();
    }
  });
});

describe.skipIf(isPostgresRun)('SIGTERM on PGlite during writes', () => {
  let dataDir: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'escudo-pglite-shutdown-'));
    // the run's migrated database: the server's start migrates nothing
    await seedPgliteFolder(dataDir);
  });
  afterAll(async () => {
    for (const server of servers) server.process.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('keeps every sign-up it acknowledged, after a restart on the same folder', async () => {
    // DATABASE_URL empty: PGlite in DATA_DIR, whatever the run's environment says
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', WEB_DIST_DIR: path.join(dataDir, 'no-panel') };
    const first = await startServer(env);
    servers.push(first);
    const acknowledged: string[] = [];
    let isStopped = false;
    // four writers, each signing up one account after another until the server stops answering
    const writers = [0, 1, 2, 3].map(async (writer) => {
      for (let n = 0; !isStopped; n += 1) {
        const email = `w${writer}.${n}.${randomBytes(3).toString('hex')}@example.cl`;
        try {
          const response = await fetch(`${first.url}/api/auth/signUpByCode`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Ana', email, password: 'una-clave-segura' }),
          });
          if (response.status === 201) acknowledged.push(email);
          else await response.body?.cancel();
        } catch {
          isStopped = true;
        }
      }
    });
    while (acknowledged.length < 6) await new Promise((resolve) => setTimeout(resolve, 50));
    const exit = exitCodeOf(first);
    first.process.kill('SIGTERM');
    expect(await exit).toBe(0);
    isStopped = true;
    await Promise.all(writers);

    const second = await startServer(env);
    servers.push(second);
    for (const email of acknowledged) {
      const signedIn = await postJson(`${second.url}/api/auth/login`, {
        email,
        password: 'una-clave-segura',
      });
      expect(signedIn.status, email).toBe(200);
    }
    second.process.kill('SIGTERM');
    expect(await exitCodeOf(second)).toBe(0);
    // two starts of PGlite and argon2 sign-ups: a minute or more on a slow, busy machine
  }, 240_000);
});

describe.skipIf(isPostgresRun)('SIGTERM whatever became of the output', () => {
  const folders: string[] = [];
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) server.process.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
  });

  /** a server on PGlite logging at debug, so that lines are still being written when it stops */
  async function startLoggingServer() {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'escudo-output-'));
    folders.push(dataDir);
    await seedPgliteFolder(dataDir);
    const server = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST_DIR: path.join(dataDir, 'no-panel'),
      LOG_LEVEL: 'debug',
    });
    servers.push(server);
    return server;
  }

  it('exits when the pipe of its output was closed (a terminal or a supervisor gone)', async () => {
    const server = await startLoggingServer();
    server.process.stdout!.destroy();
    server.process.stderr!.destroy();
    const exit = exitCodeOf(server);
    server.process.kill('SIGTERM');
    // before the log's destination of decision 057 it never exited: this waits for the test's limit
    expect(await exit).toBe(0);
  }, 120_000);

  it('writes its last lines before it exits when the pipe is open', async () => {
    const server = await startLoggingServer();
    const exit = exitCodeOf(server);
    server.process.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(server.output()).toContain('"msg":"shut down"');
  }, 120_000);
});
