import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { listen } from '../../../test/sockets.ts';
import {
  createFlowClient,
  FlowError,
  hasValidFlowSignature,
  signFlowParams,
  type FlowClient,
} from './flow-client.ts';
import { resolveFlowSetup, type SandboxKeys } from './flow-setup.ts';

describe("Flow's signature", () => {
  // Expected values computed independently from the documented rule (names sorted, name+value
  // concatenated, HMAC-SHA256, hex), e.g.:
  //   printf '%s' 'apiKey1F90971E-8276-4715-97FF-2BLG5030EE3BtokenAJ089FF5467367' \
  //     | openssl dgst -sha256 -hmac 'my secret'
  it("matches a hand-computed value for Flow's documentation example", () => {
    const params = { token: 'AJ089FF5467367', apiKey: '1F90971E-8276-4715-97FF-2BLG5030EE3B' };
    expect(signFlowParams(params, 'my secret')).toBe(
      '191947b8253f1b615adeda260fab7d8c8cc0507b22e19d4742baa00b0e464d44',
    );
  });

  it('sorts by name (amount before apiKey), signs numbers as text and UTF-8 as bytes, and skips s', () => {
    // printf '%s' 'amount26946apiKeyk-123commerceOrderABC123currencyCLPemailana@example.clsubjectEscudo:
    //   plan Protección, 6 mesesurlConfirmationhttps://escudo.cl/api/pagos/flowConfirmurlReturnhttps://
    //   escudo.cl/api/pagos/flowReturn' | openssl dgst -sha256 -hmac 'f8b45f9b8bcdb5702dc86a1b894492303741c405'
    const params = {
      urlReturn: 'https://escudo.cl/api/pagos/flowReturn',
      subject: 'Escudo: plan Protección, 6 meses',
      apiKey: 'k-123',
      email: 'ana@example.cl',
      amount: 26946,
      currency: 'CLP',
      commerceOrder: 'ABC123',
      urlConfirmation: 'https://escudo.cl/api/pagos/flowConfirm',
    };
    const expected = 'ec0da1e4647d30319f20e411c758161a4a8da293428050172daf0aba3340cf46';
    const secret = 'f8b45f9b8bcdb5702dc86a1b894492303741c405';
    expect(signFlowParams(params, secret)).toBe(expected);
    expect(signFlowParams({ ...params, s: 'whatever' }, secret)).toBe(expected);
  });

  it('verifies a signature only with the same parameters and key', () => {
    const params = { apiKey: 'k', token: 'T1' };
    const s = signFlowParams(params, 'secret');
    expect(hasValidFlowSignature({ ...params, s }, 'secret')).toBe(true);
    expect(hasValidFlowSignature({ ...params, s }, 'other')).toBe(false);
    expect(hasValidFlowSignature({ ...params, token: 'T2', s }, 'secret')).toBe(false);
    expect(hasValidFlowSignature({ ...params, s: s.slice(1) }, 'secret')).toBe(false);
    expect(hasValidFlowSignature(params, 'secret')).toBe(false);
  });
});

describe('the Flow client against the built-in sandbox (a real listening server)', () => {
  let app: TestApp;
  let baseUrl: string;
  let keys: SandboxKeys;
  let client: FlowClient;

  beforeAll(async () => {
    app = await createTestApp();
    baseUrl = await listen(app);
    const setup = await resolveFlowSetup(app.ctx.env);
    if (setup.kind !== 'sandbox') throw new Error('expected the sandbox without Flow keys');
    keys = setup.keys;
    client = createFlowClient({ apiUrl: `${baseUrl}/flow-sandbox/api`, ...keys });
  });
  afterAll(() => app.close());

  const order = (commerceOrder: string) => ({
    commerceOrder,
    subject: 'Escudo: plan Familia, 12 meses',
    amount: 95_904,
    email: 'ana@example.cl',
    // the server's own confirmation URL: it answers 404 for tokens it does not know, which the sandbox logs
    urlConfirmation: `${baseUrl}/api/pagos/flowConfirm`,
    urlReturn: `${baseUrl}/api/pagos/flowReturn`,
  });

  it('creates a payment, reports it pending, and paid once the buyer pays on the pay page', async () => {
    const created = await client.createPayment(order('CLIENT-1'));
    expect(created).toEqual({
      url: 'http://escudo.test/flow-sandbox/pay',
      token: expect.stringMatching(/^[0-9A-F]{40}$/),
      flowOrder: expect.any(Number),
    });
    const pending = await client.getStatus(created.token);
    expect(pending).toMatchObject({
      flowOrder: created.flowOrder,
      commerceOrder: 'CLIENT-1',
      status: 1,
      amount: 95_904,
      paymentData: { media: null, date: null },
    });

    const page = await fetch(`${baseUrl}/flow-sandbox/pay?token=${created.token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('>Pagar</button>');
    expect(html).toContain('>Rechazar</button>');
    expect(html).toContain('$95.904');
    expect(html).not.toContain('<script');

    const paid = await fetch(`${baseUrl}/flow-sandbox/pay/accept`, {
      method: 'POST',
      body: new URLSearchParams({ token: created.token }),
      redirect: 'manual',
    });
    // the browser goes back to urlReturn with a POST of the same form (token), as Flow does
    expect(paid.status).toBe(307);
    expect(paid.headers.get('location')).toBe(`${baseUrl}/api/pagos/flowReturn`);

    expect(await client.getStatus(created.token)).toMatchObject({
      status: 2,
      amount: 95_904,
      paymentData: {
        media: 'Webpay (sandbox)',
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      },
    });
    // a second click changes nothing
    await fetch(`${baseUrl}/flow-sandbox/pay/reject`, {
      method: 'POST',
      body: new URLSearchParams({ token: created.token }),
      redirect: 'manual',
    });
    expect((await client.getStatus(created.token)).status).toBe(2);
  });

  it('refuses a wrong secret key, a wrong apiKey, a tampered parameter and an unknown token, as Flow does', async () => {
    const wrongSecret = createFlowClient({ apiUrl: `${baseUrl}/flow-sandbox/api`, ...keys, secretKey: 'x' });
    await expect(wrongSecret.createPayment(order('CLIENT-2'))).rejects.toMatchObject({
      name: 'FlowError',
      status: 401,
    });
    const wrongKey = createFlowClient({ apiUrl: `${baseUrl}/flow-sandbox/api`, ...keys, apiKey: 'other' });
    await expect(wrongKey.getStatus('ABC')).rejects.toMatchObject({ status: 401 });

    // a parameter changed after signing
    const params = { apiKey: keys.apiKey, ...order('CLIENT-3'), currency: 'CLP' };
    const body = new URLSearchParams({
      ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      s: signFlowParams(params, keys.secretKey),
    });
    body.set('amount', '1');
    const tampered = await fetch(`${baseUrl}/flow-sandbox/api/payment/create`, { method: 'POST', body });
    expect(tampered.status).toBe(401);
    expect(await tampered.json()).toMatchObject({ code: expect.any(Number), message: 'Invalid signature' });

    await expect(client.getStatus('NO-SUCH-TOKEN')).rejects.toBeInstanceOf(FlowError);
    await expect(client.getStatus('NO-SUCH-TOKEN')).rejects.toMatchObject({ status: 400 });
  });

  it('refuses a repeated commerceOrder and bad parameters', async () => {
    await client.createPayment(order('CLIENT-4'));
    await expect(client.createPayment(order('CLIENT-4'))).rejects.toMatchObject({ status: 400 });
    await expect(client.createPayment({ ...order('CLIENT-5'), email: 'no-es-email' })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('reports an unreachable Flow as a FlowError with status 0', async () => {
    const nowhere = createFlowClient({ apiUrl: 'http://127.0.0.1:9/api', ...keys, timeoutMs: 2000 });
    await expect(nowhere.getStatus('T')).rejects.toMatchObject({ name: 'FlowError', status: 0 });
  });
});
