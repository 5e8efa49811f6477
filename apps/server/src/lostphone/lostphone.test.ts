import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signUpUser, type TestApp } from '../test/test-app.ts';
import { userWithPhone } from '../test/sockets.ts';
import { deviceCommands, devices, lostReports, users } from '../lib/db/schema.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

// a real 1×1 JPEG (SOI … EOI)
const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQEAYABgAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxgZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+v/aAAgBAQAAPwD3+iiigD//2Q==';

const commandsOf = (internalId: number) =>
  app.ctx.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, internalId));

describe('validatePass', () => {
  it('answers false for a wrong password and true for the right one, remembering when', async () => {
    const ana = await signUpUser(app);
    const wrong = await app.post('/api/app/user/validatePass', { password: 'no-es-esta' }, ana.token);
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ status: false });
    const right = await app.post('/api/app/user/validatePass', { password: ana.password }, ana.token);
    expect(right.json()).toEqual({ status: true });
    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, ana.email));
    expect(row!.passwordConfirmedAt?.getTime()).toBe(app.clock.now.getTime());
  });

  it('counts wrong passwords towards the sign-in lockout', async () => {
    const ana = await signUpUser(app);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await app.post('/api/app/user/validatePass', { password: `mala-${i}` }, ana.token)).json(),
      ).toEqual({
        status: false,
      });
    }
    const locked = await app.post('/api/app/user/validatePass', { password: ana.password }, ana.token);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect((await app.post('/api/auth/login', { email: ana.email, password: ana.password })).statusCode).toBe(
      429,
    );
  });

  it('needs a session and a password', async () => {
    expect((await app.post('/api/app/user/validatePass', { password: 'x' })).statusCode).toBe(401);
    const ana = await signUpUser(app);
    expect((await app.post('/api/app/user/validatePass', { password: '' }, ana.token)).statusCode).toBe(400);
  });
});

describe('wipePhoneDataNotification', () => {
  it('is refused without a password confirmed in the last 5 minutes, and each confirmation wipes once', async () => {
    const ana = await userWithPhone(app);
    const wipe = () =>
      app.post('/api/app/lostphone/wipePhoneDataNotification', { device_id: ana.deviceId }, ana.token);

    const unconfirmed = await wipe();
    expect(unconfirmed.statusCode).toBe(428);
    expect(unconfirmed.json()).toMatchObject({
      code: 'PASSWORD_CONFIRMATION_REQUIRED',
      message: expect.any(String),
    });
    expect(await commandsOf(ana.internalId)).toHaveLength(0);

    await app.post('/api/app/user/validatePass', { password: ana.password }, ana.token);
    const confirmed = await wipe();
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().command).toMatchObject({ type: 'wipe', state: 'sent', device_id: ana.deviceId });
    expect((await wipe()).statusCode).toBe(428);

    await app.post('/api/app/user/validatePass', { password: ana.password }, ana.token);
    app.clock.advance(5 * 60 * 1000 + 1);
    expect((await wipe()).statusCode).toBe(428);
    expect(await commandsOf(ana.internalId)).toHaveLength(1);
  });

  it("refuses another user's device with 403 and keeps the owner's confirmation", async () => {
    const owner = await userWithPhone(app);
    const thief = await signUpUser(app);
    await app.post('/api/app/user/validatePass', { password: thief.password }, thief.token);
    const response = await app.post(
      '/api/app/lostphone/wipePhoneDataNotification',
      { device_id: owner.deviceId },
      thief.token,
    );
    expect(response.statusCode).toBe(403);
    expect(await commandsOf(owner.internalId)).toHaveLength(0);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, thief.email));
    expect(row!.passwordConfirmedAt).not.toBeNull();
  });
});

describe('blockMyPhoneNotification', () => {
  it('creates a lock command; the PIN is kept for the phone but never shown to the panel', async () => {
    const ana = await userWithPhone(app);
    const response = await app.post(
      '/api/app/lostphone/blockMyPhoneNotification',
      { device_id: ana.deviceId, pin: '0429' },
      ana.token,
    );
    expect(response.statusCode).toBe(200);
    const { command } = response.json();
    expect(command).toEqual({
      id: expect.any(Number),
      device_id: ana.deviceId,
      type: 'lock',
      state: 'sent',
      reason: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [row] = await commandsOf(ana.internalId);
    expect(row!.payload).toEqual({ pin: '0429' });
    const list = await app.post('/api/app/lostphone/getCommands', { device_id: ana.deviceId }, ana.token);
    expect(list.json().commands).toEqual([command]);
  });

  it('rejects a PIN that is not exactly 4 digits, and unknown or foreign devices, sending nothing', async () => {
    const ana = await userWithPhone(app);
    const other = await userWithPhone(app);
    const block = (body: unknown) => app.post('/api/app/lostphone/blockMyPhoneNotification', body, ana.token);
    for (const pin of ['123', '12345', '12a4', ' 1234', '', 1234]) {
      const response = await block({ device_id: ana.deviceId, pin });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
    expect((await block({ device_id: ana.deviceId, pin: '1234', extra: 1 })).statusCode).toBe(400);
    expect((await block({ device_id: 'no-existe-123', pin: '1234' })).statusCode).toBe(404);
    const foreign = await block({ device_id: other.deviceId, pin: '1234' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('FORBIDDEN');
    expect(await commandsOf(ana.internalId)).toHaveLength(0);
    expect(await commandsOf(other.internalId)).toHaveLength(0);
  });

  it('expires an undelivered lock after 24 hours', async () => {
    const ana = await userWithPhone(app);
    await app.post(
      '/api/app/lostphone/blockMyPhoneNotification',
      { device_id: ana.deviceId, pin: '1234' },
      ana.token,
    );
    await app.post(
      '/api/app/lostphone/lostMyPhoneSubscribeNotification',
      { device_id: ana.deviceId },
      ana.token,
    );
    app.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const { commands } = (
      await app.post('/api/app/lostphone/getCommands', { device_id: ana.deviceId }, ana.token)
    ).json();
    // lost mode does not expire: the phone should still enter it whenever it comes back
    expect(commands.map((c: { type: string; state: string }) => [c.type, c.state])).toEqual([
      ['lostOn', 'sent'],
      ['lock', 'expired'],
    ]);
    const rows = await commandsOf(ana.internalId);
    expect(rows.find((r) => r.type === 'lock')!.payload).toEqual({});
  });
});

describe('lost mode', () => {
  it('subscribe and unsubscribe create commands; changeStatus records the state getLostMyPhoneData shows', async () => {
    const ana = await userWithPhone(app);
    const on = await app.post(
      '/api/app/lostphone/lostMyPhoneSubscribeNotification',
      { device_id: ana.deviceId },
      ana.token,
    );
    expect(on.json().command).toMatchObject({ type: 'lostOn', state: 'sent' });
    const data = () => app.post('/api/app/lostphone/getLostMyPhoneData', {}, ana.token).then((r) => r.json());
    expect(await data()).toEqual({ config: [{ id: ana.internalId, device_id: ana.deviceId, lost: false }] });

    const changed = await app.post(
      '/api/app/lostphone/changeStatus',
      { device_id: ana.internalId, lost: true },
      ana.token,
    );
    expect(changed.json()).toEqual({ config: { id: ana.internalId, device_id: ana.deviceId, lost: true } });
    expect((await data()).config[0].lost).toBe(true);

    const off = await app.post(
      '/api/app/lostphone/lostMyPhoneUnSubscribeNotification',
      { device_id: ana.deviceId },
      ana.token,
    );
    expect(off.json().command).toMatchObject({ type: 'lostOff', state: 'sent' });
    await app.post('/api/app/lostphone/changeStatus', { device_id: ana.internalId, lost: false }, ana.token);
    expect((await data()).config[0].lost).toBe(false);
  });

  it("cannot change another user's device (internal id) nor read its reports", async () => {
    const owner = await userWithPhone(app);
    const other = await signUpUser(app);
    const response = await app.post(
      '/api/app/lostphone/changeStatus',
      { device_id: owner.internalId, lost: true },
      other.token,
    );
    expect(response.statusCode).toBe(403);
    const [row] = await app.ctx.db.select().from(devices).where(eq(devices.id, owner.internalId));
    expect(row!.lost).toBe(false);
    expect(
      (await app.post('/api/app/lostphone/getLostMyPhoneInfo', { device_id: owner.deviceId }, other.token))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await app.post(
          '/api/app/lostphone/lostMyPhoneSubscribeNotification',
          { device_id: owner.deviceId },
          other.token,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await app.post('/api/app/lostphone/changeStatus', { device_id: '1', lost: true }, other.token))
        .statusCode,
    ).toBe(400);
  });
});

describe('lost-mode reports and signed photo links', () => {
  const report = (token: string | undefined, body: Record<string, unknown>) =>
    app.post(
      '/api/device/lostphone/report',
      { lat: -33.45, lng: -70.66, image: JPEG_BASE64, ...body },
      token,
    );

  it('stores the photo, lists it for the owner with a signed link that works until it expires', async () => {
    const ana = await userWithPhone(app);
    const response = await report(ana.deviceToken, {});
    expect(response.statusCode).toBe(201);
    const { info } = response.json();
    expect(info).toEqual({
      id: expect.any(Number),
      position: { lat: -33.45, lng: -70.66 },
      image: expect.stringMatching(/^[0-9a-f-]{36}\.jpg$/),
      image_url: expect.stringMatching(
        /^\/api\/files\/lost-reports\/\d+\/[0-9a-f-]{36}\.jpg\?expires=\d+&signature=[0-9a-f]{64}$/,
      ),
      created_at: app.clock.now.toISOString(),
    });

    const listed = await app.post(
      '/api/app/lostphone/getLostMyPhoneInfo',
      { device_id: ana.deviceId },
      ana.token,
    );
    expect(listed.json()).toEqual({ status: 200, info: [info] });

    const photo = await app.app.inject({ method: 'GET', url: info.image_url });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.equals(Buffer.from(JPEG_BASE64, 'base64'))).toBe(true);

    // another file under the same signature, a changed expiry, a forged signature: refused
    const [path, query] = info.image_url.split('?');
    for (const url of [
      `${path.replace(/[0-9a-f]{8}-/, '00000000-')}?${query}`,
      info.image_url.replace(/expires=(\d+)/, (_: string, n: string) => `expires=${Number(n) + 3600}`),
      info.image_url.replace(/signature=[0-9a-f]{4}/, 'signature=0000'),
      path,
      `/api/files/../app-secret?${query}`,
    ]) {
      const refused = await app.app.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode, url).toBeLessThan(500);
      expect(refused.headers['content-type']).toMatch(/json/);
    }
    app.clock.advance(31 * 60 * 1000);
    const expired = await app.app.inject({ method: 'GET', url: info.image_url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('FILE_LINK_INVALID');
    // asking for the list again gives fresh links
    const again = (
      await app.post('/api/app/lostphone/getLostMyPhoneInfo', { device_id: ana.deviceId }, ana.token)
    ).json();
    expect((await app.app.inject({ method: 'GET', url: again.info[0].image_url })).statusCode).toBe(200);
  });

  it('accepts only a phone token, a JPEG up to 5 MB and real coordinates, storing nothing otherwise', async () => {
    const ana = await userWithPhone(app);
    const count = async () =>
      (await app.ctx.db.select().from(lostReports).where(eq(lostReports.deviceId, ana.internalId))).length;
    expect((await report(undefined, {})).statusCode).toBe(401);
    // a user's session token is not a phone's
    expect((await report(ana.token, {})).statusCode).toBe(401);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');
    const notJpeg = await report(ana.deviceToken, { image: png });
    expect(notJpeg.statusCode).toBe(400);
    expect(notJpeg.json()).toMatchObject({
      code: 'IMAGE_INVALID',
      message: 'La imagen debe ser una foto JPEG de hasta 5 MB.',
    });
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0);
    big[0] = 0xff;
    big[1] = 0xd8;
    big[2] = 0xff;
    big[big.length - 2] = 0xff;
    big[big.length - 1] = 0xd9;
    const tooBig = await report(ana.deviceToken, { image: big.toString('base64') });
    expect(tooBig.statusCode).toBe(400);
    expect(JSON.stringify(tooBig.json())).toMatch(/5 MB/);
    expect((await report(ana.deviceToken, { image: 'no es base64!!' })).statusCode).toBe(400);
    expect((await report(ana.deviceToken, { lat: -91 })).statusCode).toBe(400);
    expect((await report(ana.deviceToken, { lng: 'x' })).statusCode).toBe(400);
    expect(await count()).toBe(0);
  });
});
