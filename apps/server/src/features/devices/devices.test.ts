import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { devices } from './devices.schema.ts';
import { userPlans } from '../accounts/accounts.schema.ts';
import { hashToken } from '../../lib/crypto/tokens.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const phone = (overrides: Record<string, unknown> = {}) => ({
  device_id: `android-${Math.random().toString(36).slice(2, 10)}`,
  device_brand: 'Samsung',
  device_name: 'Teléfono de Ana',
  device_model: 'Galaxy A54',
  device_so: 'android',
  device_soversion: 14,
  ...overrides,
});
const countDevices = async () =>
  (await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(devices))[0]!.n;

describe('POST /api/device/register', () => {
  it('registers the phone, gives it a token stored only as a hash, and shows it in user details', async () => {
    const ana = await signUpUser(app);
    const body = phone();
    const response = await app.post('/api/device/register', body, ana.token);
    expect(response.statusCode).toBe(200);
    const { device, device_token } = response.json();
    expect(device).toEqual({ id: expect.any(Number), ...body });
    expect(device_token).toMatch(/^[\w-]{43}$/);
    const [row] = await app.ctx.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row!.tokenHash).toBe(hashToken(device_token));

    const { user } = (await app.post('/api/app/user/details', {}, ana.token)).json();
    // with its last state (decision 042): never connected yet
    expect(user.dispositivos).toEqual([
      {
        ...device,
        online: false,
        last_seen_at: null,
        battery: null,
        charging: null,
        network: null,
        status_at: null,
        last_position: null,
      },
    ]);
  });

  it('is idempotent per device_id: updates the phone and rotates its token', async () => {
    const ana = await signUpUser(app);
    const body = phone();
    const first = (await app.post('/api/device/register', body, ana.token)).json();
    const again = await app.post(
      '/api/device/register',
      { ...body, device_soversion: 15, device_name: 'Nuevo nombre' },
      ana.token,
    );
    expect(again.statusCode).toBe(200);
    const second = again.json();
    expect(second.device).toMatchObject({
      id: first.device.id,
      device_soversion: 15,
      device_name: 'Nuevo nombre',
    });
    expect(second.device_token).not.toBe(first.device_token);
    const { user } = (await app.post('/api/app/user/details', {}, ana.token)).json();
    expect(user.dispositivos).toHaveLength(1);
  });

  it('refuses a phone registered on another account, saying nothing of it, and leaves it with its owner', async () => {
    const owner = await signUpUser(app, { name: 'Dueña Verdadera' });
    const other = await signUpUser(app);
    const body = phone();
    const { device } = (await app.post('/api/device/register', body, owner.token)).json();
    const response = await app.post('/api/device/register', body, other.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'DEVICE_TAKEN',
      message:
        'No es posible registrar este teléfono en tu cuenta. Si lo usaste antes con otra cuenta tuya, quítalo primero desde esa cuenta o contacta a nuestra central de atención.',
    });
    // nothing of the owner's account reaches the caller
    expect(response.body).not.toMatch(new RegExp(`${owner.email}|Dueña|${device.id}`));
    const [row] = await app.ctx.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row!.deviceName).toBe(body.device_name);
    expect((await app.post('/api/app/user/details', {}, other.token)).json().user.dispositivos).toEqual([]);
  });

  it("stops at the plan's max_devices with a clear Spanish message", async () => {
    const ana = await signUpUser(app);
    // the starter plan (Esencial) allows one phone
    expect((await app.post('/api/device/register', phone(), ana.token)).statusCode).toBe(200);
    const before = await countDevices();
    const refused = await app.post('/api/device/register', phone(), ana.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'DEVICE_LIMIT_REACHED',
      message:
        'Alcanzaste el máximo de 1 dispositivo de tu plan Esencial. Actualiza tu plan para registrar otro teléfono.',
    });
    expect(await countDevices()).toBe(before);

    // with a bigger plan, the next one fits
    const userId = (await app.post('/api/app/user/details', {}, ana.token)).json().user.id;
    await app.ctx.db.update(userPlans).set({ planId: 2 }).where(eq(userPlans.userId, userId));
    expect((await app.post('/api/device/register', phone(), ana.token)).statusCode).toBe(200);
  });

  it('needs a signed-in user and a valid body, and writes nothing otherwise', async () => {
    const before = await countDevices();
    expect((await app.post('/api/device/register', phone())).statusCode).toBe(401);
    const ana = await signUpUser(app);
    for (const bad of [
      phone({ device_so: 'windows' }),
      phone({ device_id: 'x' }),
      phone({ device_id: 'con espacios y ñ' }),
      phone({ device_brand: '' }),
      phone({ device_soversion: '14' }),
      phone({ extra: true }),
    ]) {
      const response = await app.post('/api/device/register', bad, ana.token);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
    expect(await countDevices()).toBe(before);
  });
});

describe('POST /api/app/devices/rename', () => {
  it('renames the phone as the panel shows it, and the app registering again keeps that name', async () => {
    const ana = await signUpUser(app);
    const body = phone();
    const { device } = (await app.post('/api/device/register', body, ana.token)).json();

    const response = await app.post(
      '/api/app/devices/rename',
      { device_id: body.device_id, name: '  Celular del trabajo  ' },
      ana.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ device: { ...device, device_name: 'Celular del trabajo' } });
    const { user } = (await app.post('/api/app/user/details', {}, ana.token)).json();
    expect(user.dispositivos[0].device_name).toBe('Celular del trabajo');

    const again = (
      await app.post('/api/device/register', { ...body, device_soversion: 15 }, ana.token)
    ).json();
    expect(again.device).toMatchObject({ device_name: 'Celular del trabajo', device_soversion: 15 });
  });

  it('refuses an empty, too long or multi-line name in Spanish, changing nothing', async () => {
    const ana = await signUpUser(app);
    const body = phone();
    await app.post('/api/device/register', body, ana.token);
    for (const [name, message] of [
      ['   ', 'Este campo es obligatorio'],
      ['x'.repeat(41), 'El nombre no puede superar los 40 caracteres.'],
      ['Mi\nteléfono', 'No puede contener saltos de línea ni caracteres de control.'],
    ] as const) {
      const response = await app.post(
        '/api/app/devices/rename',
        { device_id: body.device_id, name },
        ana.token,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { name: message } });
    }
    const [row] = await app.ctx.db.select().from(devices).where(eq(devices.deviceId, body.device_id));
    expect(row!.deviceName).toBe(body.device_name);
  });

  it("answers another user's phone as unknown and leaves its name", async () => {
    const owner = await signUpUser(app);
    const other = await signUpUser(app);
    const body = phone();
    await app.post('/api/device/register', body, owner.token);
    const response = await app.post(
      '/api/app/devices/rename',
      { device_id: body.device_id, name: 'Robado' },
      other.token,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'No encontramos ese dispositivo.' });
    const [row] = await app.ctx.db.select().from(devices).where(eq(devices.deviceId, body.device_id));
    expect(row!.deviceName).toBe(body.device_name);
  });
});
