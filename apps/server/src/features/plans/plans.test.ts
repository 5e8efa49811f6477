import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPlanes, getToPayData } from '@escudo/contract';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { formatPesos, quotePlan } from './pricing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('formatPesos', () => {
  it('writes CLP with a dot every three digits (spec 9)', () => {
    expect(formatPesos(29_940)).toBe('$29.940');
    expect(formatPesos(2_990)).toBe('$2.990');
    expect(formatPesos(990)).toBe('$990');
    expect(formatPesos(1_234_567)).toBe('$1.234.567');
  });
});

describe('getPlanes', () => {
  it('lists the three plans in order with their limits and features, and every feature', async () => {
    const ana = await signUpUser(app);
    const response = await app.post('/api/app/planes/getPlanes', {}, ana.token);
    expect(response.statusCode).toBe(200);
    const body = getPlanes.response.parse(response.json());
    expect(body.planes.map((p) => [p.name, p.price, p.max_devices, p.max_red])).toEqual([
      ['Esencial', 2990, 1, 3],
      ['Protección', 4990, 2, 5],
      ['Familia', 9990, 5, 10],
    ]);
    expect(body.planes[0]!.image).toBe('/images/plans/esencial.svg');
    expect(body.planes[2]!.includes).toHaveLength(7);
    expect(body.includes.map((i) => i.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('needs a session', async () => {
    expect((await app.post('/api/app/planes/getPlanes', {})).statusCode).toBe(401);
  });
});

describe('getToPayData', () => {
  const quote = async (body: unknown, token: string) => app.post('/api/app/planes/getToPayData', body, token);

  it('charges the monthly price for 1 month, 10% off for 6 and 20% off for 12, and says so', async () => {
    const ana = await signUpUser(app);
    const one = await quote({ plan_id: 2, months_paid: 1 }, ana.token);
    expect(one.statusCode).toBe(200);
    expect(getToPayData.response.parse(one.json())).toEqual({
      amount: 4990,
      detail: '1 mes del plan Protección a $4.990 mensuales.',
    });
    expect((await quote({ plan_id: 2, months_paid: 6 }, ana.token)).json()).toEqual({
      amount: 26_946,
      detail: '6 meses del plan Protección: $29.940 con 10% de descuento por pagar 6 meses ($4.491 al mes).',
    });
    expect((await quote({ plan_id: 3, months_paid: 12 }, ana.token)).json()).toEqual({
      amount: 95_904,
      detail: '12 meses del plan Familia: $119.880 con 20% de descuento por pagar 12 meses ($7.992 al mes).',
    });
    expect((await quote({ plan_id: 1, months_paid: 12 }, ana.token)).json().amount).toBe(28_704);
    expect(quotePlan({ name: 'X', price: 1001 }, 6).amount).toBe(5405);
  });

  it('answers 400 for a period other than 1, 6 or 12 months and 404 for an unknown plan', async () => {
    const ana = await signUpUser(app);
    for (const months_paid of [0, 2, 3, 24, -6, 6.5, '6', null]) {
      const response = await quote({ plan_id: 1, months_paid }, ana.token);
      expect(response.statusCode, JSON.stringify(months_paid)).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
    expect((await quote({ plan_id: 1, months_paid: 3 }, ana.token)).json().fields).toEqual({
      months_paid: 'El periodo debe ser de 1, 6 o 12 meses.',
    });
    expect((await quote({ plan_id: 1 }, ana.token)).statusCode).toBe(400);
    expect((await quote({ plan_id: 1, months_paid: 6, extra: 1 }, ana.token)).statusCode).toBe(400);
    const unknown = await quote({ plan_id: 99, months_paid: 6 }, ana.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Ese plan no existe.' });
    expect((await quote({ plan_id: 1, months_paid: 6 }, '')).statusCode).toBe(401);
  });
});
