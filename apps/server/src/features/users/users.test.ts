import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '@escudo/contract';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { eq } from 'drizzle-orm';
import { devices } from '../devices/devices.schema.ts';
import { planes } from '../plans/plans.schema.ts';
import { userPlans } from '../accounts/accounts.schema.ts';
import { CATALOGUE_TTL_MS } from '../plans/plans.service.ts';
import { seedDemoAccount } from '../seed/seed.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('user details', () => {
  it('returns the user of spec section 3, with only their own devices', async () => {
    const ana = await signUpUser(app, { name: 'Ana Pérez' });
    const luis = await signUpUser(app, { name: 'Luis Díaz' });
    const anaId = (await app.post('/api/app/user/details', {}, ana.token)).json().user.id;
    const luisId = (await app.post('/api/app/user/details', {}, luis.token)).json().user.id;
    await app.ctx.db.insert(devices).values([
      {
        userId: anaId,
        deviceId: 'ana-phone',
        deviceBrand: 'Motorola',
        deviceName: 'Moto de Ana',
        deviceModel: 'G84',
        deviceSo: 'android',
        deviceSoversion: 13,
      },
      {
        userId: luisId,
        deviceId: 'luis-phone',
        deviceBrand: 'Apple',
        deviceName: 'iPhone de Luis',
        deviceModel: 'iPhone 14',
        deviceSo: 'ios',
        deviceSoversion: 17.4,
      },
    ]);

    const response = await app.post('/api/app/user/details', undefined, ana.token);
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(() => userSchema.parse(user)).not.toThrow();
    expect(user.dispositivos).toEqual([
      {
        id: expect.any(Number),
        device_id: 'ana-phone',
        device_brand: 'Motorola',
        device_name: 'Moto de Ana',
        device_model: 'G84',
        device_so: 'android',
        device_soversion: 13,
        online: false,
        last_seen_at: null,
        battery: null,
        charging: null,
        network: null,
        status_at: null,
        last_position: null,
      },
    ]);
    expect(user.info.cuadrante).toEqual({
      id: 3,
      name: 'Metropolitana',
      primary_fdb_url: 'http://escudo.test/panel',
      tracking_fdb_url: 'http://escudo.test/panel',
    });
    expect(user.plan.plan).toMatchObject({ name: 'Esencial', price: 2990, max_devices: 1, max_red: 3 });
    expect(user.plan.plan.includes.map((i: { name: string }) => i.name)).toContain(
      'Bloqueo remoto de pantalla',
    );
    expect(new Date(user.plan.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it("gives the plan's last day in Chile's calendar, whatever the server's zone", async () => {
    const ana = await signUpUser(app);
    const details = async () => (await app.post('/api/app/user/details', {}, ana.token)).json().user;
    const { id: anaId } = await details();
    // 02:30 UTC on 1 January is 23:30 of 31 December in Chile (summer time, UTC−3)
    await app.ctx.db
      .update(userPlans)
      .set({ expiresAt: new Date('2027-01-01T02:30:00Z') })
      .where(eq(userPlans.userId, anaId));
    expect((await details()).plan).toMatchObject({
      expires_at: '2027-01-01T02:30:00.000Z',
      expires_on: '2026-12-31',
    });
    await app.ctx.db.update(userPlans).set({ expiresAt: null }).where(eq(userPlans.userId, anaId));
    expect((await details()).plan).toMatchObject({ expires_at: null, expires_on: null });
  });

  it('rejects a body with fields the call does not take', async () => {
    const ana = await signUpUser(app);
    const response = await app.post('/api/app/user/details', { user_id: 1 }, ana.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ user_id: 'Campo no permitido.' });
  });

  it('seeds a demo account with an Android and an iPhone, once', async () => {
    const first = await seedDemoAccount(app.ctx);
    await seedDemoAccount(app.ctx);
    const login = await app.post('/api/auth/login', first);
    expect(login.statusCode).toBe(200);
    const { user } = (await app.post('/api/app/user/details', {}, login.json().access_token)).json();
    expect(user.dispositivos.map((d: { device_so: string }) => d.device_so)).toEqual(['android', 'ios']);
    expect(user.plan.plan.name).toBe('Protección');
  });

  it('shows a new plan at once, and a changed price within CATALOGUE_TTL_MS (the catalogue is cached)', async () => {
    const ana = await signUpUser(app);
    const details = async () => (await app.post('/api/app/user/details', {}, ana.token)).json().user;
    const { id: anaId } = await details();
    await app.ctx.db.insert(planes).values({
      id: 90,
      name: 'Empresa',
      description: 'Para equipos.',
      image: null,
      maxRed: 10,
      maxDevices: 10,
      price: 19_990,
      position: 90,
    });
    await app.ctx.db.update(userPlans).set({ planId: 90 }).where(eq(userPlans.userId, anaId));
    expect((await details()).plan.plan).toMatchObject({
      id: 90,
      name: 'Empresa',
      price: 19_990,
      includes: [],
    });

    await app.ctx.db.update(planes).set({ price: 24_990 }).where(eq(planes.id, 90));
    expect((await details()).plan.plan.price).toBe(19_990);
    app.clock.advance(CATALOGUE_TTL_MS);
    expect((await details()).plan.plan.price).toBe(24_990);
  });
});
