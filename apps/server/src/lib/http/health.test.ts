/**
 * /healthz, /readyz and /metrics (decision 030) on a real test server: what a load balancer and
 * Prometheus see, Redis lost and back (a redis-server of the test's own), and a shutdown under way.
 */
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PANEL_NAMESPACE } from '@escudo/contract';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { connect, listen, panelToken } from '../../../test/sockets.ts';
import { createTestRedis, type TestRedis } from '../../../test/redis-server.ts';

const METRICS_TOKEN = randomBytes(24).toString('hex');

/** asks until `isDone` holds for the answer, for at most `timeoutMs` (Redis' loss is seen within ~2 s) */
async function readyzUntil(app: TestApp, isDone: (status: number) => boolean, timeoutMs = 15_000) {
  for (let waited = 0; ; waited += 100) {
    const response = await app.app.inject({ method: 'GET', url: '/readyz' });
    if (isDone(response.statusCode) || waited >= timeoutMs) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('/healthz and /readyz', () => {
  let app: TestApp;
  let panelDir: string;

  beforeAll(async () => {
    // a built panel is there, so its history fallback would answer any GET it is given
    panelDir = await fs.mkdtemp(path.join(os.tmpdir(), 'escudo-panel-'));
    await fs.writeFile(path.join(panelDir, 'index.html'), '<!doctype html><title>panel</title>');
    app = await createTestApp({ WEB_DIST_DIR: panelDir });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(panelDir, { recursive: true, force: true });
  });

  it('answers small JSON, never cached and never the panel', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const response = await app.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({ status: 'ok' });
    }
    // the panel still answers its own paths, so the JSON above is not for want of a panel
    expect((await app.app.inject({ method: 'GET', url: '/planes' })).body).toContain('<title>panel</title>');
  });

  it('names migrations while the database lacks the newest migration of this code', async () => {
    const { rows } = await app.ctx.db.execute<{ id: number; hash: string; created_at: string }>(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const newest = rows[0]!;
    await app.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const behind = await readyzUntil(app, (status) => status === 503);
      expect(behind.json()).toEqual({ status: 'unavailable', failing: ['migrations'] });
    } finally {
      await app.ctx.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at})`,
      );
    }
    expect((await readyzUntil(app, (status) => status === 200)).json()).toEqual({ status: 'ok' });
  });

  it('answers /metrics 404 when METRICS_TOKEN is not set, as JSON rather than the panel', async () => {
    const response = await app.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });
});

describe('/metrics', () => {
  let app: TestApp;

  beforeAll(async () => {
    // one wrong password per address, so that the second is refused: a rate-limit refusal to count
    app = await createTestApp({ METRICS_TOKEN, SIGNIN_FAILURES_PER_ADDRESS: '1' });
  });
  afterAll(() => app.close());

  const scrape = (authorization?: string) =>
    app.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers 401 without the bearer token or with another, and shows no figures', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${METRICS_TOKEN.slice(1)}`,
      `Bearer ${METRICS_TOKEN}x`,
      METRICS_TOKEN,
      `Basic ${METRICS_TOKEN}`,
    ]) {
      const response = await scrape(authorization);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(response.body).not.toMatch(/escudo_|http_request|process_/);
    }
  });

  it('counts requests by route pattern and status, rate-limit refusals and e-mails', async () => {
    const user = await signUpUser(app);
    const from = '10.9.8.7';
    const wrong = { email: user.email, password: 'no-es-la-clave' };
    expect((await app.post('/api/auth/login', wrong, undefined, from)).statusCode).toBe(401);
    expect((await app.post('/api/auth/login', wrong, undefined, from)).statusCode).toBe(429);
    expect((await app.post('/api/auth/forgotPass', { email: user.email })).statusCode).toBe(200);

    const response = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    expect(text).toContain(
      'http_request_duration_seconds_count{route="/api/auth/login",method="POST",status="401"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{route="/api/auth/login",method="POST",status="429"} 1',
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="10",route="\/api\/auth\/login",method="POST",status="429"\} 1/,
    );
    expect(text).toContain('escudo_rate_limit_refusals_total{code="TOO_MANY_ATTEMPTS",channel="http"} 1');
    // the sign-up's verification e-mail and the reset e-mail
    expect(text).toContain('escudo_emails_total{outcome="sent"} 2');
    expect(text).toContain('escudo_connected_phones 0');
    expect(text).toContain('escudo_connected_panels 0');
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    // the series that have not counted anything yet are still described
    for (const name of [
      'escudo_commands_total',
      'escudo_route_points_stored_total',
      'escudo_admission_refusals_total',
      'escudo_job_runs_total',
    ]) {
      expect(text).toContain(`# TYPE ${name} counter`);
    }
  });

  it('labels an unknown path as unmatched, never by its URL', async () => {
    await app.app.inject({ method: 'GET', url: '/api/no-such-thing/8f3a' });
    const text = (await scrape(`Bearer ${METRICS_TOKEN}`)).body;
    expect(text).toContain('route="unmatched",method="GET",status="404"');
    expect(text).not.toContain('8f3a');
  });
});

describe('Redis lost while running', () => {
  let redis: TestRedis;
  let app: TestApp;

  beforeAll(async () => {
    redis = await createTestRedis();
    app = await createTestApp({
      REDIS_URL: redis.url,
      REDIS_CHANNEL_PREFIX: `escudo-test:${randomBytes(4).toString('hex')}`,
    });
  });
  afterAll(async () => {
    await redis.start().catch(() => undefined);
    await app.close();
    await redis.stop();
  });

  it('names redis in /readyz, serves what does not need it, and recovers when Redis is back', async () => {
    const url = await listen(app);
    const user = await signUpUser(app);
    const { user: details } = (await app.post('/api/app/user/details', {}, user.token)).json() as {
      user: { id: number };
    };
    const panel = await connect(`${url}${PANEL_NAMESPACE}`, await panelToken(app, user));
    try {
      expect((await readyzUntil(app, (status) => status === 200)).statusCode).toBe(200);

      await redis.stop();
      const down = await readyzUntil(app, (status) => status === 503);
      expect(down.statusCode).toBe(503);
      expect(down.headers['cache-control']).toBe('no-store');
      expect(down.json()).toEqual({ status: 'unavailable', failing: ['redis'] });
      expect((await app.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      // a request that needs only the database still works
      expect((await app.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
      expect((await app.post('/api/app/user/details', {}, user.token)).statusCode).toBe(200);

      await redis.start();
      const up = await readyzUntil(app, (status) => status === 200);
      expect(up.json()).toEqual({ status: 'ok' });
      // realtime messages go through Redis again: one reaches the panel
      const presence = panel.next('presence', (p) => p.device_id === 'android-back', 10_000);
      app.realtime.toUser(details.id, 'presence', { device_id: 'android-back', online: true });
      expect(await presence).toEqual({ device_id: 'android-back', online: true });
    } finally {
      panel.close();
    }
  });
});

describe('a shutdown under way', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('answers /readyz 503 shutting-down at once, on a connection already open', async () => {
    const url = new URL(await listen(app));
    // a request begun before the shutdown (its headers not yet complete) is not an idle connection:
    // the server finishes it, and what it says then is what a balancer's probe would read
    const socket = net.connect(Number(url.port), url.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /readyz HTTP/1.1\r\nHost: escudo.test\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = app.shutdown();
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const ended = new Promise((resolve) => socket.once('close', resolve));
    socket.write('\r\n');
    await ended;
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 503/);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('{"status":"unavailable","failing":["shutting-down"]}');
  });
});
