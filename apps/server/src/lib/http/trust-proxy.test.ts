/**
 * TRUST_PROXY (decision 031): X-Forwarded-For names the client only through the proxies it trusts, so
 * that nobody dodges a per-address limit by sending the header. Checked on the limit of wrong
 * passwords for one e-mail from one address (5 in 15 minutes, decision 010).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';

let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

const BALANCER = '10.1.2.3';

function login(testApp: TestApp, email: string, from: string, forwardedFor?: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: from,
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: JSON.stringify({ email, password: 'no-es-la-clave' }),
  });
}

/** five wrong passwords for one e-mail, each claiming another client through X-Forwarded-For */
async function failFiveTimes(
  testApp: TestApp,
  email: string,
  from: string,
  forwardedFor: (i: number) => string,
) {
  for (let i = 0; i < 5; i += 1)
    expect((await login(testApp, email, from, forwardedFor(i))).statusCode).toBe(401);
}

// each test starts a server and hashes a dozen wrong passwords (argon2id): slow on a busy machine
describe('client addresses behind a proxy', { timeout: 120_000 }, () => {
  it('with TRUST_PROXY unset, X-Forwarded-For cannot change the address a limit counts', async () => {
    app = await createTestApp();
    const ana = await signUpUser(app);
    await failFiveTimes(app, ana.email, '198.51.100.7', (i) => `203.0.113.${i + 1}`);
    // a sixth "client" is still the same connection's address: stopped
    expect((await login(app, ana.email, '198.51.100.7', '203.0.113.99')).statusCode).toBe(429);
    expect(app.ctx.env.TRUST_PROXY).toBeUndefined();
  });

  it('with TRUST_PROXY=1 the nearest forwarded address counts, whatever the client put before it', async () => {
    app = await createTestApp({ TRUST_PROXY: '1' });
    const ana = await signUpUser(app);
    // the client may send its own X-Forwarded-For; the balancer appends the address it saw
    await failFiveTimes(app, ana.email, BALANCER, (i) => `192.0.2.${i + 1}, 203.0.113.5`);
    expect((await login(app, ana.email, BALANCER, '203.0.113.5')).statusCode).toBe(429);
    // another client behind the same balancer is not stopped
    expect((await login(app, ana.email, BALANCER, '203.0.113.5, 198.51.100.8')).statusCode).toBe(401);
  });

  it('with TRUST_PROXY naming the proxies, only they may forward an address', async () => {
    app = await createTestApp({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10' });
    const ana = await signUpUser(app);
    // from a trusted proxy the forwarded address counts
    await failFiveTimes(app, ana.email, BALANCER, () => '203.0.113.5');
    expect((await login(app, ana.email, BALANCER, '203.0.113.5')).statusCode).toBe(429);
    expect((await login(app, ana.email, BALANCER, '198.51.100.8')).statusCode).toBe(401);
    // from anywhere else the header is ignored: the connection's address counts
    await failFiveTimes(app, ana.email, '198.51.100.50', (i) => `203.0.113.${i + 10}`);
    expect((await login(app, ana.email, '198.51.100.50', '203.0.113.77')).statusCode).toBe(429);
  });
});
