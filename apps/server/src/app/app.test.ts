import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('the HTTP layer', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const response = await app.post('/api/no/existe');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'ROUTE_NOT_FOUND', message: 'La ruta solicitada no existe.' });
  });

  it('sends security headers and a request id', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toBeDefined();
    // this process's prefix, then a count (lib/http/request-id.ts): a new one each request
    expect(response.headers['x-request-id']).toMatch(/^[\w-]{12}-[0-9a-z]+$/);
    const next = await app.app.inject({ method: 'GET', url: '/api/config' });
    expect(next.headers['x-request-id']).not.toBe(response.headers['x-request-id']);
  });

  it('serves public settings only: no secret of the server', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/config' });
    // no Flow keys: the built-in sandbox, and the panel is told so (decision 008)
    expect(response.json()).toMatchObject({
      brand_name: 'Escudo',
      google_sign_in: false,
      payments_sandbox: true,
    });
    expect(response.body).not.toMatch(/secret|password|DATABASE/i);
  });

  it('publishes the OpenAPI document of the contract at /api/docs', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/signUpByCode',
        '/api/app/user/details',
        '/api/auth/getComunasActivas',
      ]),
    );
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(
      ['email', 'password'],
    );
    expect((await app.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('turns an unexpected error into INTERNAL without its message or stack', async () => {
    const broken = await createTestApp({}, (server) =>
      server.get('/api/test/boom', async () => {
        throw new Error('secreto interno en /srv/escudo');
      }),
    );
    try {
      const response = await broken.app.inject({ method: 'GET', url: '/api/test/boom' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        code: 'INTERNAL',
        message: 'Lo sentimos, ha ocurrido un error inesperado. Por favor inténtalo nuevamente.',
      });
      expect(response.body).not.toContain('secreto');
    } finally {
      await broken.close();
    }
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const response = await app.post('/api/auth/login', { email: 'a@b.cl', password: 'x'.repeat(1_100_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers the panel for history routes, and 404 for missing assets', async () => {
    // the test server has no built panel: it says so instead of failing obscurely
    const page = await app.app.inject({ method: 'GET', url: '/planes' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build');
    expect((await app.app.inject({ method: 'GET', url: '/assets/nope.js' })).statusCode).toBe(404);
  });
});

describe('admission control', () => {
  it('answers 503 with Retry-After quickly instead of queueing without bound', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const busy = await createTestApp(
      { MAX_CONCURRENT_REQUESTS: '1', MAX_QUEUED_REQUESTS: '1', MAX_QUEUE_WAIT_MS: '200' },
      (server) =>
        server.get('/api/test/slow', async () => {
          await gate;
          return { ok: true };
        }),
    );
    // a real socket: the gate sits on the HTTP server, in front of Fastify (and of inject())
    const base = await busy.app.listen({ port: 0, host: '127.0.0.1' });
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      const first = fetch(`${base}/api/test/slow`);
      await wait(30);
      const queuedTooLong = fetch(`${base}/api/config`);
      await wait(30);
      const overflow = await fetch(`${base}/api/config`);
      expect(overflow.status).toBe(503);
      expect(overflow.headers.get('retry-after')).toBe('1');
      expect(overflow.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await overflow.json()).toEqual({
        code: 'SERVER_BUSY',
        message: 'El servidor está ocupado. Por favor inténtalo nuevamente en unos segundos.',
      });
      expect((await queuedTooLong).status).toBe(503);
      // the panel's pages are never held back (this test server has no built panel, and says so)
      expect(await (await fetch(`${base}/planes`)).text()).toContain('npm run build');
      release();
      expect((await first).status).toBe(200);
      // once the load is gone, requests pass again
      expect((await fetch(`${base}/api/config`)).status).toBe(200);
    } finally {
      release();
      await busy.close();
    }
  });

  it('frees the slot of a request whose client disconnected, running or waiting', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let slowStarted = 0;
    const busy = await createTestApp(
      { MAX_CONCURRENT_REQUESTS: '1', MAX_QUEUED_REQUESTS: '5', MAX_QUEUE_WAIT_MS: '300' },
      (server) =>
        server.get('/api/test/slow', async () => {
          slowStarted += 1;
          await gate;
          return { ok: true };
        }),
    );
    // a real socket: light-my-request cannot disconnect mid-request
    const base = await busy.app.listen({ port: 0, host: '127.0.0.1' });
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // leaves once `isUnderway` says the request got where the test wants it (polled: a busy machine
    // may take more than a few milliseconds to start it)
    const abandon = async (url: string, isUnderway: () => boolean) => {
      const controller = new AbortController();
      const response = fetch(`${base}${url}`, { signal: controller.signal }).catch(() => null);
      await wait(50);
      for (let tries = 0; !isUnderway() && tries < 500; tries += 1) await wait(10);
      controller.abort();
      await response;
      await wait(50);
    };
    try {
      // the client of the running request leaves: its slot is free at once, not when it ends
      await abandon('/api/test/slow', () => slowStarted === 1);
      expect(slowStarted).toBe(1);
      expect((await fetch(`${base}/api/config`)).status).toBe(200);

      // a request that leaves while it waits is dropped from the queue and never runs
      const running = fetch(`${base}/api/test/slow`);
      for (let tries = 0; slowStarted < 2 && tries < 500; tries += 1) await wait(10);
      // the second one waits in the queue behind it
      await abandon('/api/test/slow', () => true);
      release();
      expect((await running).status).toBe(200);
      expect(slowStarted).toBe(2);

      // and nothing leaked: one request at a time still passes, again and again
      for (let i = 0; i < 3; i += 1) expect((await fetch(`${base}/api/config`)).status).toBe(200);
    } finally {
      release();
      await busy.close();
    }
  });
});
