import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getOrderStatusByToken, newPlanPayment } from '@escudo/contract';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { flowSandboxPayments, payments } from './payments.schema.ts';
import { createListeningTestApp } from '../../../test/listening-test-app.ts';
import { resolveFlowSetup } from './flow-setup.ts';
import { addMonths } from '../plans/plan-period.ts';

let app: TestApp;
let base: string;
beforeAll(async () => {
  app = await createListeningTestApp();
  base = app.ctx.env.PUBLIC_URL;
});
afterAll(() => app.close());

type Account = Awaited<ReturnType<typeof signUpUser>>;

const details = async (account: Account) =>
  (await app.post('/api/app/user/details', {}, account.token)).json().user;

async function startPayment(account: Account, plan_id: number, months_paid: number) {
  const response = await app.post('/api/app/pagos/newPlanPayment', { plan_id, months_paid }, account.token);
  expect(response.statusCode, response.body).toBe(200);
  return newPlanPayment.response.parse(response.json()).flowData;
}

/** the buyer's choice on the sandbox's pay page, as the browser posts it */
const choose = (token: string, choice: 'accept' | 'reject') =>
  fetch(`${base}/flow-sandbox/pay/${choice}`, {
    method: 'POST',
    body: new URLSearchParams({ token }),
    redirect: 'manual',
  });

/** a form POST as Flow makes it (confirmation) or the buyer's browser (return) */
const postForm = (path: string, token: string) =>
  app.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token }).toString(),
  });

const orderStatus = (account: Account, order_token: string) =>
  app.post('/api/auth/getOrderStatusByToken', { order_token }, account.token);

const orderRow = async (token: string) =>
  (await app.ctx.db.select().from(payments).where(eq(payments.flowToken, token)))[0]!;

describe('paying for a plan through the sandbox', () => {
  it('upgrades to Familia for 12 months: pay page, confirmation, return, status, plan and limits', async () => {
    const ana = await signUpUser(app);
    const before = await details(ana);
    expect(before.plan.plan.name).toBe('Esencial');

    const flowData = await startPayment(ana, 3, 12);
    expect(flowData).toEqual({ url: `${base}/flow-sandbox/pay`, token: expect.any(String) });
    const pending = await orderRow(flowData.token);
    expect(pending).toMatchObject({ status: 'pending', amount: 95_904, monthsPaid: 12, planId: 3 });

    const page = await fetch(`${flowData.url}?token=${flowData.token}`);
    expect(await page.text()).toContain('Pagar');

    const paid = await choose(flowData.token, 'accept');
    expect(paid.status).toBe(307);
    expect(paid.headers.get('location')).toBe(`${base}/api/pagos/flowReturn`);
    // the sandbox called flowConfirm before sending the browser back: the plan has changed already
    expect((await orderRow(flowData.token)).status).toBe('paid');

    const back = await postForm('/api/pagos/flowReturn', flowData.token);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/planes?token=${flowData.token}`);

    const status = await orderStatus(ana, flowData.token);
    expect(status.statusCode).toBe(200);
    const body = getOrderStatusByToken.response.parse(status.json());
    expect(body).toEqual({
      code: 200,
      orderStatus: {
        flowOrder: expect.any(Number),
        commerceOrder: pending.commerceOrder,
        amount: 95_904,
        status: 2,
        paymentData: {
          media: 'Webpay (sandbox)',
          date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        },
        plan_id: 3,
        plan_name: 'Familia',
        months_paid: 12,
        expires_at: expect.any(String),
      },
    });

    const after = await details(ana);
    expect(after.plan).toMatchObject({
      plan_id: 3,
      plan: { name: 'Familia', max_devices: 5, max_red: 10 },
      expires_at: body.orderStatus.expires_at,
    });
    // 12 months from now, plus the trial's 30 days of Esencial converted at 2990/9990
    const expires = new Date(after.plan.expires_at).getTime();
    const twelveMonths = addMonths(app.clock.now, 12).getTime();
    const credit = Math.floor(
      (new Date(before.plan.expires_at).getTime() - app.clock.now.getTime()) * (2990 / 9990),
    );
    expect(Math.abs(expires - twelveMonths - credit)).toBeLessThan(1000);

    // the device limit follows the plan: Esencial allowed one phone, Familia five
    for (const n of [1, 2, 3]) {
      const phone = {
        device_id: `ana-familia-${n}-${flowData.token.slice(0, 8)}`,
        device_brand: 'Motorola',
        device_name: `Moto ${n}`,
        device_model: 'G84',
        device_so: 'android',
        device_soversion: 13,
      };
      expect((await app.post('/api/device/register', phone, ana.token)).statusCode).toBe(200);
    }
  });

  it('renewing the current plan adds the months to its expiry', async () => {
    const ana = await signUpUser(app);
    const before = await details(ana);
    const { token } = await startPayment(ana, 1, 6);
    await choose(token, 'accept');
    const after = await details(ana);
    expect(after.plan.plan.name).toBe('Esencial');
    expect(after.plan.started_at).toBe(before.plan.started_at);
    expect(after.plan.expires_at).toBe(addMonths(new Date(before.plan.expires_at), 6).toISOString());
  });

  it('a rejected payment changes nothing and reports status 3', async () => {
    const ana = await signUpUser(app);
    const before = await details(ana);
    const { token } = await startPayment(ana, 2, 6);
    const rejected = await choose(token, 'reject');
    expect(rejected.status).toBe(307);
    expect((await orderRow(token)).status).toBe('rejected');

    const status = (await orderStatus(ana, token)).json();
    expect(status).toMatchObject({
      code: 200,
      orderStatus: { status: 3, amount: 26_946, plan_name: 'Protección', expires_at: null },
    });
    // Flow calling again, or paying afterwards on a stale page, never activates it
    expect((await postForm('/api/pagos/flowConfirm', token)).statusCode).toBe(200);
    expect((await choose(token, 'accept')).status).toBe(307);
    expect((await details(ana)).plan).toEqual(before.plan);
  });
});

describe('flowConfirm', () => {
  it('applies a payment exactly once however many confirmations arrive, even at the same time', async () => {
    const ana = await signUpUser(app);
    const { token } = await startPayment(ana, 2, 1);
    // Flow has the payment as paid, and its confirmations are about to arrive (several, concurrently)
    await app.ctx.db
      .update(flowSandboxPayments)
      .set({ status: 2, media: 'Webpay', paidAt: '2026-11-22 10:00:00' })
      .where(eq(flowSandboxPayments.token, token));
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => postForm('/api/pagos/flowConfirm', token)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const once = await details(ana);
    expect(once.plan.plan.name).toBe('Protección');
    // one month, plus the trial's time left converted once (five applications would give far more)
    const trialLeft = 30 * 24 * 60 * 60 * 1000;
    const expected = addMonths(app.clock.now, 1).getTime() + Math.floor((trialLeft * 2990) / 4990);
    expect(new Date(once.plan.expires_at).getTime()).toBe(expected);
    for (let i = 0; i < 3; i += 1) {
      expect((await postForm('/api/pagos/flowConfirm', token)).statusCode).toBe(200);
    }
    expect((await orderStatus(ana, token)).json().orderStatus.status).toBe(2);
    const again = await details(ana);
    expect(again.plan.expires_at).toBe(once.plan.expires_at);
    const row = await orderRow(token);
    expect(row.appliedAt).not.toBeNull();
    expect(row.planExpiresAt?.toISOString()).toBe(once.plan.expires_at);
  });

  it('activates nothing for a forged token, or for a real one Flow does not report as paid', async () => {
    const ana = await signUpUser(app);
    const before = await details(ana);
    const forged = await postForm('/api/pagos/flowConfirm', 'FORGED0123456789');
    expect(forged.statusCode).toBe(404);

    // a confirmation sent before paying: Flow still says pending
    const { token } = await startPayment(ana, 3, 12);
    expect((await postForm('/api/pagos/flowConfirm', token)).statusCode).toBe(200);
    expect((await orderRow(token)).status).toBe('pending');
    expect((await details(ana)).plan).toEqual(before.plan);

    expect((await postForm('/api/pagos/flowConfirm', '')).statusCode).toBe(400);
    expect((await postForm('/api/pagos/flowConfirm', 'a b<c>')).statusCode).toBe(400);
    expect((await postForm('/api/pagos/flowReturn', '')).statusCode).toBe(400);
  });

  it('refuses and records a payment whose amount differs from the order', async () => {
    const ana = await signUpUser(app);
    const before = await details(ana);
    const { token } = await startPayment(ana, 3, 12);
    // the order says one amount, Flow will report another
    await app.ctx.db.update(payments).set({ amount: 9_990 }).where(eq(payments.flowToken, token));
    expect((await choose(token, 'accept')).status).toBe(307);

    const row = await orderRow(token);
    expect(row).toMatchObject({
      status: 'refused',
      appliedAt: null,
      failureReason: 'amount 95904 instead of 9990',
    });
    expect((await details(ana)).plan).toEqual(before.plan);
    const again = await postForm('/api/pagos/flowConfirm', token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PAYMENT_MISMATCH');
    expect((await orderStatus(ana, token)).json().orderStatus).toMatchObject({ expires_at: null });
    expect((await details(ana)).plan).toEqual(before.plan);
  });
});

describe('newPlanPayment and getOrderStatusByToken: bad input', () => {
  it('answers 400 for a period other than 1, 6 or 12 and 404 for an unknown plan, creating no order', async () => {
    const ana = await signUpUser(app);
    const countOrders = async () => (await app.ctx.db.select().from(payments)).length;
    const before = await countOrders();
    for (const body of [
      { plan_id: 1, months_paid: 3 },
      { plan_id: 1, months_paid: 0 },
      { plan_id: 1, months_paid: '12' },
      { plan_id: 1 },
      { plan_id: 1, months_paid: 6, amount: 1 },
    ]) {
      expect((await app.post('/api/app/pagos/newPlanPayment', body, ana.token)).statusCode).toBe(400);
    }
    const unknown = await app.post(
      '/api/app/pagos/newPlanPayment',
      { plan_id: 42, months_paid: 6 },
      ana.token,
    );
    expect(unknown.statusCode).toBe(404);
    expect((await app.post('/api/app/pagos/newPlanPayment', { plan_id: 1, months_paid: 6 })).statusCode).toBe(
      401,
    );
    expect(await countOrders()).toBe(before);
  });

  it("answers another user's order as an unknown token (404, same body), and 401 without a session", async () => {
    const ana = await signUpUser(app);
    const thief = await signUpUser(app);
    const { token } = await startPayment(ana, 2, 6);
    const stolen = await orderStatus(thief, token);
    const unknown = await orderStatus(thief, 'NOPE1234');
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ code: 'NOT_FOUND', message: 'No encontramos esa orden de pago.' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(stolen.json());
    expect((await orderStatus(ana, 'NOPE1234')).statusCode).toBe(404);
    expect((await app.post('/api/auth/getOrderStatusByToken', { order_token: token })).statusCode).toBe(401);
    expect((await orderStatus(ana, '')).statusCode).toBe(400);
    // the owner still sees it, pending
    expect((await orderStatus(ana, token)).json().orderStatus).toMatchObject({
      status: 1,
      flowOrder: expect.any(Number),
    });
  });

  it('settles an open order when the panel asks, if the confirmation never arrived', async () => {
    const ana = await signUpUser(app);
    const { token } = await startPayment(ana, 2, 1);
    await app.ctx.db
      .update(flowSandboxPayments)
      .set({ status: 2, media: 'Webpay', paidAt: '2026-11-22 10:00:00' })
      .where(eq(flowSandboxPayments.token, token));
    expect((await orderStatus(ana, token)).json().orderStatus).toMatchObject({
      status: 2,
      paymentData: { media: 'Webpay' },
    });
    expect((await details(ana)).plan.plan.name).toBe('Protección');
  });
});

describe('which Flow', () => {
  it('uses FLOW_API_URL with the keys when they are set, and offers no sandbox of its own', async () => {
    // the "real" Flow here is the sandbox of the first server, with its keys
    const setup = await resolveFlowSetup(app.ctx.env);
    if (setup.kind !== 'sandbox') throw new Error('expected a sandbox');
    const merchant = await createListeningTestApp({
      FLOW_API_URL: `${base}/flow-sandbox/api`,
      FLOW_API_KEY: setup.keys.apiKey,
      FLOW_SECRET_KEY: setup.keys.secretKey,
    });
    try {
      const ana = await signUpUser(merchant);
      const response = await merchant.post(
        '/api/app/pagos/newPlanPayment',
        { plan_id: 3, months_paid: 1 },
        ana.token,
      );
      expect(response.statusCode).toBe(200);
      const { flowData } = response.json();
      expect(flowData.url).toBe(`${base}/flow-sandbox/pay`);
      expect((await choose(flowData.token, 'accept')).status).toBe(307);
      // the first server's sandbox confirmed to the merchant's own URL
      expect((await merchant.post('/api/app/user/details', {}, ana.token)).json().user.plan.plan.name).toBe(
        'Familia',
      );
      const own = await merchant.app.inject({
        method: 'POST',
        url: '/flow-sandbox/api/payment/create',
        payload: {},
      });
      expect(own.statusCode).toBe(404);
    } finally {
      await merchant.close();
    }
  });

  it("in production uses Flow's keys and has no sandbox (without keys it does not start: env.test.ts)", async () => {
    const production = await createTestApp({
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      FLOW_API_KEY: 'production-key',
      FLOW_SECRET_KEY: 'production-secret',
      // required in production; nothing listens there, and no test here waits for an e-mail
      SMTP_URL: 'smtp://127.0.0.1:9',
      // nothing listens there: Flow is unreachable, and that is an answer too
      FLOW_API_URL: 'http://127.0.0.1:9/api',
    });
    try {
      const ana = await signUpUser(production);
      const response = await production.post(
        '/api/app/pagos/newPlanPayment',
        { plan_id: 2, months_paid: 6 },
        ana.token,
      );
      expect(response.statusCode).toBe(502);
      expect(response.json().code).toBe('PAYMENT_PROVIDER_ERROR');
      const sandbox = await production.app.inject({
        method: 'POST',
        url: '/flow-sandbox/api/payment/create',
        payload: {},
      });
      expect(sandbox.statusCode).toBe(404);
      const config = await production.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json().payments_sandbox).toBe(false);
    } finally {
      await production.close();
    }
  });
});
