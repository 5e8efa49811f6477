import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getSalesResumen, getSalesStatus, getUserPaymentStatus, newPlanPayment } from '@escudo/contract';
import { randomAddress, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { createListeningTestApp } from '../../../test/listening-test-app.ts';
import { payments } from '../payments/payments.schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { findReferrer } from './sales.service.ts';

let app: TestApp;
let base: string;
beforeAll(async () => {
  // 15 %, so that rounding down shows: $4.990 at 15 % is $748,5 → $748
  app = await createListeningTestApp({ SALES_COMMISSION_PERCENT: '15' });
  base = app.ctx.env.PUBLIC_URL;
  // 10 March 2026, noon in Santiago (UTC-3 until 4 April)
  app.clock.now = new Date('2026-03-10T15:00:00Z');
});
afterAll(() => app.close());

type Account = { token: string; email: string };

const call = (path: string, body: unknown, account: Account) =>
  app.post(`/api/app/sales/${path}`, body, account.token);
const details = async (account: Account) =>
  (await app.post('/api/app/user/details', {}, account.token)).json().user;

async function signUpWith(codes: Record<string, string>, name = 'Bruno Soto') {
  const email = `ref.${Math.random().toString(36).slice(2)}@example.cl`;
  const response = await app.post(
    '/api/auth/signUpByCode',
    { name, email, password: 'una-clave-segura', ...codes },
    undefined,
    randomAddress(),
  );
  return {
    response,
    email,
    token: response.statusCode === 201 ? (response.json().access_token as string) : '',
  };
}

/** pays (or rejects) a plan on the built-in sandbox's page, as the buyer would */
async function pay(
  account: Account,
  plan_id: number,
  months_paid: number,
  choice: 'accept' | 'reject' = 'accept',
) {
  const response = await app.post('/api/app/pagos/newPlanPayment', { plan_id, months_paid }, account.token);
  expect(response.statusCode, response.body).toBe(200);
  const { token } = newPlanPayment.response.parse(response.json()).flowData;
  const chosen = await fetch(`${base}/flow-sandbox/pay/${choice}`, {
    method: 'POST',
    body: new URLSearchParams({ token }),
    redirect: 'manual',
  });
  expect(chosen.status).toBe(307);
  return token;
}

const confirm = (token: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/pagos/flowConfirm',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token }).toString(),
  });

const resumen = async (account: Account, month: number) => {
  const response = await call('getSalesResumen', { month }, account);
  expect(response.statusCode, response.body).toBe(200);
  return getSalesResumen.response.parse(response.json());
};

// the referrer and her two referred, signed up by the first test and carried through the others in order
let ana: Account & { code: string };
let bruno: Account & { id: number };
let carla: Account & { id: number };

describe('the referral programme: signing up through a code, and the sales profile', () => {
  it('records the referrer of a sign-up through sharecode or share_code; an unknown code creates nothing', async () => {
    const signed = await signUpUser(app, { name: 'Ana Referente' });
    ana = { ...signed, code: (await details(signed)).info.codigo_invitacion };

    const b = await signUpWith({ sharecode: ana.code }, 'Bruno Referido');
    expect(b.response.statusCode, b.response.body).toBe(201);
    bruno = { ...b, id: (await details(b)).id };
    // the other spelling of the link, and a code typed in lower case
    const c = await signUpWith({ share_code: ana.code.toLowerCase() }, 'Carla Referida');
    expect(c.response.statusCode, c.response.body).toBe(201);
    carla = { ...c, id: (await details(c)).id };

    const unknown = await signUpWith({ sharecode: 'NOEXISTE99' });
    expect(unknown.response.statusCode).toBe(400);
    expect(unknown.response.json()).toMatchObject({
      code: 'REFERRAL_CODE_INVALID',
      fields: { sharecode: expect.stringContaining('código de referido') },
    });
    const login = await app.post('/api/auth/login', { email: unknown.email, password: 'una-clave-segura' });
    expect(login.statusCode).toBe(401);

    const status = getSalesStatus.response.parse((await call('getStatus', {}, ana)).json());
    expect(status).toEqual({
      status: null,
      total_referred: 2,
      referred: [
        { user: { id: carla.id, name: 'Carla Referida' }, created_at: expect.any(String) },
        { user: { id: bruno.id, name: 'Bruno Referido' }, created_at: expect.any(String) },
      ],
    });
    // 15 a page by default, server paging
    const second = (await call('getStatus', { limit: 1, page: 2 }, ana)).json();
    expect(second.referred.map((r: { user: { id: number } }) => r.user.id)).toEqual([bruno.id]);
    expect(second.total_referred).toBe(2);
  });

  it("refuses an account's own code for itself", async () => {
    const anaId = (await details(ana)).id as number;
    await expect(findReferrer(app.ctx, ana.code, anaId)).rejects.toMatchObject({ code: 'REFERRAL_OWN' });
    await expect(findReferrer(app.ctx, ana.code, bruno.id)).resolves.toEqual({ id: anaId });
    expect(new AppError('REFERRAL_OWN').status).toBe(409);
  });

  it('activates the sales profile (1) and suspends it (2)', async () => {
    const on = await call('changeStatus', { status: 1, suspend_reason: 'Petición del usuario' }, ana);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ status: 1 });
    expect((await call('getStatus', {}, ana)).json().status).toBe(1);
    expect((await call('changeStatus', { status: 2, suspend_reason: 'prueba' }, ana)).json()).toEqual({
      status: 2,
    });
    expect((await call('getStatus', {}, ana)).json().status).toBe(2);
    await call('changeStatus', { status: 1, suspend_reason: 'Petición del usuario' }, ana);
    expect((await call('changeStatus', { status: 3 }, ana)).statusCode).toBe(400);
  });
});

describe("the referral programme: the referrer's commission on paid orders", () => {
  it("counts paid orders in the month they were paid in Chile's time, exactly, once, never the rejected", async () => {
    // March: Bruno pays Protección for a month ($4.990); Flow confirms it five times, two at once
    const march = await pay(bruno, 2, 1);
    const confirmations = await Promise.all([confirm(march), confirm(march), confirm(march)]);
    expect(confirmations.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await confirm(march)).statusCode).toBe(200);
    // Carla's payment is rejected: it counts nothing
    await pay(carla, 3, 1, 'reject');
    // 1 April 02:30 UTC is still 31 March 23:30 in Santiago: a March payment (Esencial, $2.990)
    app.clock.now = new Date('2026-04-01T02:30:00Z');
    const lateMarch = await pay(carla, 1, 1);
    expect(
      (await app.ctx.db.select().from(payments).where(eq(payments.flowToken, lateMarch)))[0],
    ).toMatchObject({
      status: 'paid',
      paymentDate: '2026-03-31 23:30:00',
    });
    // April: Bruno moves to Familia for 12 months ($95.904)
    app.clock.now = new Date('2026-04-05T15:00:00Z');
    await pay(bruno, 3, 12);
    await pay(bruno, 2, 6, 'reject');

    const m3 = await resumen(ana, 3);
    expect(m3).toMatchObject({
      current_month: 3,
      year: 2026,
      user_referred_id: [bruno.id, carla.id],
      amount_payments: 4990 + 2990,
      amount_previous_payments: 0,
      referred_comision: 15,
      // 7980 × 15 % = 1197
      commission: 1197,
    });
    expect(m3.user_payments.map((p) => [p.user_id, p.amount, p.fecha.slice(0, 10)])).toEqual([
      [bruno.id, 4990, '2026-03-10'],
      [carla.id, 2990, '2026-03-31'],
    ]);
    expect(m3.array_months).toEqual([
      '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09',
      '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03',
    ]); // prettier-ignore
    expect(m3.referred_by_month).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);

    const m4 = await resumen(ana, 4);
    expect(m4).toMatchObject({
      current_month: 4,
      year: 2026,
      user_referred_id: [],
      amount_payments: 95_904,
      amount_previous_payments: 7980,
      // 95904 × 15 % = 14385,6 → 14385 (rounded down)
      commission: 14_385,
    });
    expect(m4.user_payments).toHaveLength(1);
    expect(m4.referred_by_month.slice(-2)).toEqual([2, 0]);

    // a month not yet reached this year is last year's: May is May 2025, empty
    const m5 = await resumen(ana, 5);
    expect(m5).toMatchObject({ year: 2025, amount_payments: 0, commission: 0, user_referred_id: [] });

    // the per-account detail: all of Bruno's paid orders, at the fixed 20 % of spec 9
    const detail = getUserPaymentStatus.response.parse(
      (await call('getUserPaymentStatus', { user_id: bruno.id }, ana)).json(),
    );
    expect(detail.status.map((s) => [s.status, s.amount, s.payment.amount])).toEqual([
      [2, 4990, 4990],
      [2, 95_904, 95_904],
    ]);
    expect(detail).toMatchObject({
      total_amount: 100_894,
      commission_percent: 20,
      commission: 20_178,
      period: null,
    });
    // the period chosen in Resumen (spec 2 Sales): only the orders paid in that month
    const inMonth = async (user_id: number, month: number) => {
      const response = await call('getUserPaymentStatus', { user_id, month }, ana);
      expect(response.statusCode, response.body).toBe(200);
      return getUserPaymentStatus.response.parse(response.json());
    };
    const brunoMarch = await inMonth(bruno.id, 3);
    expect(brunoMarch.status.map((s) => [s.amount, s.fecha.slice(0, 10)])).toEqual([[4990, '2026-03-10']]);
    expect(brunoMarch).toMatchObject({
      total_amount: 4990,
      commission: 998,
      period: { month: 3, year: 2026 },
    });
    expect(await inMonth(bruno.id, 4)).toMatchObject({ total_amount: 95_904, commission: 19_180 });
    // Carla paid at 23:30 on 31 March in Santiago (already April in UTC): March's, not April's
    expect(await inMonth(carla.id, 3)).toMatchObject({ total_amount: 2990, commission: 598 });
    expect(await inMonth(carla.id, 4)).toMatchObject({ status: [], total_amount: 0, commission: 0 });
    // a month not yet reached this year is last year's, with nothing in it
    expect(await inMonth(bruno.id, 5)).toMatchObject({ total_amount: 0, period: { month: 5, year: 2025 } });
    const carlaDetail = (await call('getUserPaymentStatus', { user_id: carla.id }, ana)).json();
    expect(carlaDetail).toMatchObject({ total_amount: 2990, commission: 598 });
    expect(carlaDetail.status).toHaveLength(1);
  });
});

describe('the referral programme: what only the referrer may see, and the payout account', () => {
  it('answers 403 for an account that is not one of my referred, and 400 for a month outside 1-12', async () => {
    const other = await signUpUser(app);
    const otherId = (await details(other)).id as number;
    for (const user_id of [otherId, bruno.id, 2_000_000]) {
      const who = user_id === bruno.id ? other : ana;
      const response = await call('getUserPaymentStatus', { user_id }, who);
      expect(response.statusCode, `${user_id}`).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    // the referred themselves cannot read their referrer's figures: they have no referred
    expect((await resumen(other, 3)).amount_payments).toBe(0);
    for (const month of [0, 13, 1.5, '3']) {
      const response = await call('getSalesResumen', { month }, ana);
      expect(response.statusCode, String(month)).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
      const detail = await call('getUserPaymentStatus', { user_id: bruno.id, month }, ana);
      expect(detail.statusCode, String(month)).toBe(400);
      expect(detail.json()).toMatchObject({
        code: 'VALIDATION',
        fields: { month: 'El mes debe ser un número del 1 al 12.' },
      });
    }
    // another's referred account stays 403 whatever the month
    expect((await call('getUserPaymentStatus', { user_id: bruno.id, month: 3 }, other)).statusCode).toBe(403);
    expect((await app.post('/api/app/sales/getSalesResumen', { month: 3 })).statusCode).toBe(401);
  });

  it('keeps the payout bank account, with the RUT check digit checked and a bad field named', async () => {
    const data = await call('getSalesData', {}, ana);
    expect(data.json()).toEqual({
      salesData: { referred_comision: 15, button_comision: 0, bank_account: null },
    });
    const account = {
      bank: 'Banco Estado',
      account_type: 'vista',
      account_number: '123-456-78',
      holder: 'Ana Referente',
      rut: '12.345.678-5',
    };
    const saved = await call('updateBankAccount', account, ana);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('getSalesData', {}, ana)).json().salesData.bank_account).toEqual({
      ...account,
      account_number: '12345678',
      rut: '123456785',
    });

    const bad = [
      [{ rut: '12.345.678-9' }, 'rut'],
      [{ account_number: '12' }, 'account_number'],
      [{ account_type: 'plazo' }, 'account_type'],
      [{ bank: 'Banco Inventado' }, 'bank'],
      [{ holder: '' }, 'holder'],
    ] as const;
    for (const [change, field] of bad) {
      const response = await call('updateBankAccount', { ...account, ...change }, ana);
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), field).toContain(field);
    }
    // an account that never activated its profile has nowhere to keep it
    const other = await signUpUser(app);
    expect((await call('updateBankAccount', account, other)).statusCode).toBe(403);
  });
});
