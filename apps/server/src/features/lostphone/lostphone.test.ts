import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, signUpUser, TEST_STORAGES, type TestApp } from '../../../test/test-app.ts';
import { userWithPhone } from '../../../test/sockets.ts';
import { FILE_URL_TTL_MS, LOST_REPORT_BURST, LOST_REPORT_MIN_INTERVAL_MS } from '@escudo/contract';
import { LINK_EXPIRY_STEP_MS } from '../../lib/storage/signed-links.ts';
import { deviceCommands } from '../commands/commands.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { lostReports } from './lostphone.schema.ts';
import { users } from '../accounts/accounts.schema.ts';
import { recordCommandResult } from '../commands/commands.service.ts';
import { forgeSignature } from '../../../test/forged-signature.ts';

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

/** what another user's device and a missing one are both answered (decision 012) */
const NO_SUCH_DEVICE = { code: 'NOT_FOUND', message: 'No encontramos ese dispositivo.' };

const sendReport = (on: TestApp, token: string | undefined, body: Record<string, unknown> = {}) =>
  on.post('/api/device/lostphone/report', { lat: -33.45, lng: -70.66, image: JPEG_BASE64, ...body }, token);

type Owner = Awaited<ReturnType<typeof userWithPhone>>;

/**
 * Orders lost mode on or off and has the phone carry it out, as its `commandResult done` does (the
 * one writer of the lost flag; commands.messages.test.ts sends it over a real socket).
 */
async function setLostModeByPhone(on: TestApp, owner: Owner, lost: boolean) {
  const path = lost ? 'lostMyPhoneSubscribeNotification' : 'lostMyPhoneUnSubscribeNotification';
  const ordered = await on.post(`/api/app/lostphone/${path}`, { device_id: owner.deviceId }, owner.token);
  if (ordered.statusCode !== 200) throw new Error(`${path}: ${ordered.body}`);
  const phone = { deviceRowId: owner.internalId, userId: owner.userId, deviceId: owner.deviceId };
  await recordCommandResult(on.ctx, phone, ordered.json().command.id, 'done');
}

/** A user with an Android phone in lost mode, as the phone carried it out. */
async function lostPhone(on: TestApp) {
  const ana = await userWithPhone(on);
  await setLostModeByPhone(on, ana, true);
  return ana;
}

const reportsOf = (on: TestApp, internalId: number) =>
  on.ctx.db
    .select()
    .from(lostReports)
    .where(eq(lostReports.deviceId, internalId))
    .orderBy(asc(lostReports.id));

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

  it("limits wrong passwords per session, by that session's own failures only", async () => {
    const ana = await signUpUser(app);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await app.post('/api/app/user/validatePass', { password: `mala-${i}` }, ana.token)).json(),
      ).toEqual({ status: false });
    }
    const locked = await app.post('/api/app/user/validatePass', { password: ana.password }, ana.token);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // the account is not locked: the owner signs in again and confirms in the new session
    const login = await app.post('/api/auth/login', { email: ana.email, password: ana.password });
    expect(login.statusCode).toBe(200);
    const fresh = login.json().access_token as string;
    expect((await app.post('/api/app/user/validatePass', { password: ana.password }, fresh)).json()).toEqual({
      status: true,
    });
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

  it("answers another user's device as a missing one (404) and keeps the caller's confirmation", async () => {
    const owner = await userWithPhone(app);
    const thief = await signUpUser(app);
    await app.post('/api/app/user/validatePass', { password: thief.password }, thief.token);
    const response = await app.post(
      '/api/app/lostphone/wipePhoneDataNotification',
      { device_id: owner.deviceId },
      thief.token,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NO_SUCH_DEVICE);
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
      expires_at: expect.any(String),
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
    const missing = await block({ device_id: 'no-existe-123', pin: '1234' });
    expect(missing.statusCode).toBe(404);
    const foreign = await block({ device_id: other.deviceId, pin: '1234' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(NO_SUCH_DEVICE);
    expect(missing.json()).toEqual(foreign.json());
    expect(await commandsOf(ana.internalId)).toHaveLength(0);
    expect(await commandsOf(other.internalId)).toHaveLength(0);
  });

  it('expires an undelivered lock and lost-mode order after 7 days (COMMAND_PENDING_DAYS, decision 043)', async () => {
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
    const list = async () =>
      (await app.post('/api/app/lostphone/getCommands', { device_id: ana.deviceId }, ana.token))
        .json()
        .commands.map((c: { type: string; state: string }) => [c.type, c.state]);
    // a day is no longer the end of a lock (it was before decision 043)
    app.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect(await list()).toEqual([
      ['lostOn', 'sent'],
      ['lock', 'sent'],
    ]);
    app.clock.advance(6 * 24 * 60 * 60 * 1000);
    // lost mode no longer waits forever either: a phone back after weeks does not obey a stale order
    expect(await list()).toEqual([
      ['lostOn', 'expired'],
      ['lock', 'expired'],
    ]);
    const rows = await commandsOf(ana.internalId);
    expect(rows.find((r) => r.type === 'lock')!.payload).toEqual({});
  });
});

describe('lost mode', () => {
  it("subscribe and unsubscribe create commands; the phone's answer records the state getLostMyPhoneData and changeStatus show", async () => {
    const ana = await userWithPhone(app);
    const on = await app.post(
      '/api/app/lostphone/lostMyPhoneSubscribeNotification',
      { device_id: ana.deviceId },
      ana.token,
    );
    expect(on.json().command).toMatchObject({ type: 'lostOn', state: 'sent' });
    const data = () => app.post('/api/app/lostphone/getLostMyPhoneData', {}, ana.token).then((r) => r.json());
    expect(await data()).toEqual({ config: [{ id: ana.internalId, device_id: ana.deviceId, lost: false }] });

    const changeStatus = (lost: boolean) =>
      app.post('/api/app/lostphone/changeStatus', { device_id: ana.internalId, lost }, ana.token);
    const phone = { deviceRowId: ana.internalId, userId: ana.userId, deviceId: ana.deviceId };
    // the owner's changeStatus is not a second writer: only the phone carrying the order out is
    expect((await changeStatus(true)).json()).toEqual({
      config: { id: ana.internalId, device_id: ana.deviceId, lost: false },
    });
    expect((await data()).config[0].lost).toBe(false);
    await recordCommandResult(app.ctx, phone, on.json().command.id, 'done');
    const changed = await changeStatus(true);
    expect(changed.json()).toEqual({ config: { id: ana.internalId, device_id: ana.deviceId, lost: true } });
    expect((await data()).config[0].lost).toBe(true);

    const off = await app.post(
      '/api/app/lostphone/lostMyPhoneUnSubscribeNotification',
      { device_id: ana.deviceId },
      ana.token,
    );
    expect(off.json().command).toMatchObject({ type: 'lostOff', state: 'sent' });
    expect((await changeStatus(false)).json().config.lost).toBe(true);
    await recordCommandResult(app.ctx, phone, off.json().command.id, 'done');
    expect((await data()).config[0].lost).toBe(false);
    expect((await changeStatus(false)).json().config.lost).toBe(false);
  });

  it("cannot change another user's device (internal id) nor read its reports", async () => {
    const owner = await userWithPhone(app);
    const other = await signUpUser(app);
    const response = await app.post(
      '/api/app/lostphone/changeStatus',
      { device_id: owner.internalId, lost: true },
      other.token,
    );
    expect(response.statusCode).toBe(404);
    const [row] = await app.ctx.db.select().from(devices).where(eq(devices.id, owner.internalId));
    expect(row!.lost).toBe(false);
    expect(
      (await app.post('/api/app/lostphone/getLostMyPhoneInfo', { device_id: owner.deviceId }, other.token))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await app.post(
          '/api/app/lostphone/lostMyPhoneSubscribeNotification',
          { device_id: owner.deviceId },
          other.token,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await app.post('/api/app/lostphone/changeStatus', { device_id: '1', lost: true }, other.token))
        .statusCode,
    ).toBe(400);
  });
});

describe('lost-mode reports and signed photo links', () => {
  const report = (token: string | undefined, body: Record<string, unknown>) => sendReport(app, token, body);

  it('stores the photo, lists it for the owner with a signed link that works until it expires', async () => {
    const ana = await lostPhone(app);
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
      forgeSignature(info.image_url),
      path,
      `/api/files/../app-secret?${query}`,
    ]) {
      const refused = await app.app.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode, url).toBeLessThan(500);
      expect(refused.headers['content-type']).toMatch(/json/);
    }
    // past the TTL and the rounding step of expiries, whatever the clock's phase
    app.clock.advance(FILE_URL_TTL_MS + LINK_EXPIRY_STEP_MS);
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
    const ana = await lostPhone(app);
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

/** the photos on disk for one phone (what a full disk would be made of) */
const photosOnDisk = (on: TestApp, internalId: number) =>
  fs.readdir(path.join(on.dataDir, 'files', 'lost-reports', String(internalId))).catch(() => []);

describe('lost-mode reports cannot fill the disk', () => {
  it('are refused while lost mode is off, before and after, storing nothing', async () => {
    const ana = await userWithPhone(app);
    const refused = await sendReport(app, ana.deviceToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'LOST_MODE_OFF',
      message: 'El modo pérdida no está activado en este teléfono: el reporte no se guardó.',
    });

    // the owner's changeStatus does not open the door: lost mode as the phone carried it out does
    await app.post('/api/app/lostphone/changeStatus', { device_id: ana.internalId, lost: true }, ana.token);
    expect((await sendReport(app, ana.deviceToken)).json().code).toBe('LOST_MODE_OFF');
    await setLostModeByPhone(app, ana, true);
    expect((await sendReport(app, ana.deviceToken)).statusCode).toBe(201);
    await setLostModeByPhone(app, ana, false);
    expect((await sendReport(app, ana.deviceToken)).json().code).toBe('LOST_MODE_OFF');

    expect(await reportsOf(app, ana.internalId)).toHaveLength(1);
    expect(await photosOnDisk(app, ana.internalId)).toHaveLength(1);
  });

  it('answer NOT_FOUND and keep no photo when the phone is removed with its data while its photo is stored', async () => {
    const ana = await lostPhone(app);
    const { storage } = app.ctx;
    const put = storage.put.bind(storage);
    // the owner removes the phone, data and all, while the phone's photo is being stored
    storage.put = async (key, data) => {
      await put(key, data);
      const removed = await app.post(
        '/api/app/devices/remove',
        { device_id: ana.deviceId, password: ana.password, delete_data: true },
        ana.token,
      );
      expect(removed.statusCode).toBe(200);
    };
    try {
      const report = await sendReport(app, ana.deviceToken);
      expect(report.statusCode).toBe(404);
      expect(report.json()).toEqual({ code: 'NOT_FOUND', message: 'No encontramos lo que buscas.' });
    } finally {
      storage.put = put;
    }
    expect(await reportsOf(app, ana.internalId)).toHaveLength(0);
    expect(await photosOnDisk(app, ana.internalId)).toHaveLength(0);
  });

  it(`take a burst of ${LOST_REPORT_BURST} sent at once, then one a minute, with Retry-After`, async () => {
    const ana = await lostPhone(app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => sendReport(app, ana.deviceToken)));
    const accepted = answers.filter((answer) => answer.statusCode === 201);
    const limited = answers.filter((answer) => answer.statusCode === 429);
    expect(accepted).toHaveLength(LOST_REPORT_BURST);
    expect(limited).toHaveLength(20 - LOST_REPORT_BURST);
    for (const answer of limited) {
      expect(answer.json()).toEqual({
        code: 'RATE_LIMITED',
        message:
          'Demasiados reportes de modo pérdida: como máximo uno por minuto. Inténtalo nuevamente en 60 s.',
      });
      expect(answer.headers['retry-after']).toBe('60');
    }
    expect(await reportsOf(app, ana.internalId)).toHaveLength(LOST_REPORT_BURST);
    expect(await photosOnDisk(app, ana.internalId)).toHaveLength(LOST_REPORT_BURST);

    // checked before the photo is read: a bad photo now is refused for the pace, not for the photo
    const early = await sendReport(app, ana.deviceToken, {
      image: Buffer.from('no es jpeg').toString('base64'),
    });
    expect(early.statusCode).toBe(429);

    app.clock.advance(LOST_REPORT_MIN_INTERVAL_MS - 1_000);
    const almost = await sendReport(app, ana.deviceToken);
    expect(almost.statusCode).toBe(429);
    expect(almost.headers['retry-after']).toBe('1');
    app.clock.advance(1_000);
    expect((await sendReport(app, ana.deviceToken)).statusCode).toBe(201);
    expect((await sendReport(app, ana.deviceToken)).statusCode).toBe(429);

    // the pace is in the database: a restarted server (or another process) goes on with it
    await app.restart();
    expect((await sendReport(app, ana.deviceToken)).statusCode).toBe(429);
    app.clock.advance(LOST_REPORT_MIN_INTERVAL_MS);
    expect((await sendReport(app, ana.deviceToken)).statusCode).toBe(201);

    // another phone has a pace of its own
    const bea = await lostPhone(app);
    expect((await sendReport(app, bea.deviceToken)).statusCode).toBe(201);
    expect(await reportsOf(app, ana.internalId)).toHaveLength(LOST_REPORT_BURST + 2);
  });

  it.each(TEST_STORAGES)(
    'keep LOST_REPORT_MAX_PHOTOS_PER_DEVICE reports a phone, removing the oldest row and photo first (%s)',
    async (storage) => {
      const small = await createTestApp({ LOST_REPORT_MAX_PHOTOS_PER_DEVICE: '2' }, undefined, { storage });
      try {
        const ana = await lostPhone(small);
        const bea = await lostPhone(small);
        expect((await sendReport(small, bea.deviceToken, { lat: -33.5 })).statusCode).toBe(201);
        for (const lat of [-33.1, -33.2, -33.3, -33.4]) {
          small.clock.advance(LOST_REPORT_MIN_INTERVAL_MS);
          expect((await sendReport(small, ana.deviceToken, { lat })).statusCode).toBe(201);
        }
        const kept = await reportsOf(small, ana.internalId);
        expect(kept.map((row) => row.lat)).toEqual([-33.3, -33.4]);
        expect(await small.storedFiles(`lost-reports/${ana.internalId}`)).toEqual(
          kept.map((row) => row.imageKey).sort(),
        );
        // what the panel lists is what is kept, and every link still opens its photo
        const { info } = (
          await small.post('/api/app/lostphone/getLostMyPhoneInfo', { device_id: ana.deviceId }, ana.token)
        ).json();
        expect(info.map((item: { position: { lat: number } }) => item.position.lat)).toEqual([-33.4, -33.3]);
        for (const item of info) {
          expect((await small.app.inject({ method: 'GET', url: item.image_url })).statusCode).toBe(200);
        }
        // another phone's reports are its own
        expect(await reportsOf(small, bea.internalId)).toHaveLength(1);
      } finally {
        await small.close();
      }
    },
    120_000,
  );
});

describe('what the panel hides for an iPhone, the server refuses', () => {
  it('refuses lock, lost mode and wipe for an iPhone, sending nothing and keeping the confirmation', async () => {
    const ana = await userWithPhone(app, { so: 'ios' });
    await app.post('/api/app/user/validatePass', { password: ana.password }, ana.token);
    for (const [path, body] of [
      ['blockMyPhoneNotification', { pin: '1234' }],
      ['lostMyPhoneSubscribeNotification', {}],
      ['lostMyPhoneUnSubscribeNotification', {}],
      ['wipePhoneDataNotification', {}],
    ] as const) {
      const response = await app.post(
        `/api/app/lostphone/${path}`,
        { device_id: ana.deviceId, ...body },
        ana.token,
      );
      expect(response.statusCode, path).toBe(409);
      expect(response.json(), path).toEqual({
        code: 'DEVICE_NOT_SUPPORTED',
        message: 'Esta función solo está disponible para teléfonos Android.',
      });
    }
    expect(await commandsOf(ana.internalId)).toEqual([]);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, ana.userId));
    expect(row!.passwordConfirmedAt).not.toBeNull();

    // lost mode on is refused for either; off is answered (it changes nothing)
    const on = await app.post(
      '/api/app/lostphone/changeStatus',
      { device_id: ana.internalId, lost: true },
      ana.token,
    );
    expect(on.json().code).toBe('DEVICE_NOT_SUPPORTED');
    const off = await app.post(
      '/api/app/lostphone/changeStatus',
      { device_id: ana.internalId, lost: false },
      ana.token,
    );
    expect(off.statusCode).toBe(200);
    // and so its reports are refused too
    expect((await sendReport(app, ana.deviceToken)).json().code).toBe('LOST_MODE_OFF');
  });
});

describe("another user's device is answered as one that does not exist", () => {
  it('gives the same status and body on every remote-protection call, changing nothing', async () => {
    const owner = await userWithPhone(app);
    const other = await userWithPhone(app);
    await app.post('/api/app/user/validatePass', { password: other.password }, other.token);
    const calls: [string, Record<string, unknown>, Record<string, unknown>][] = [
      [
        'blockMyPhoneNotification',
        { device_id: owner.deviceId, pin: '1234' },
        { device_id: 'no-existe-1', pin: '1234' },
      ],
      ['lostMyPhoneSubscribeNotification', { device_id: owner.deviceId }, { device_id: 'no-existe-1' }],
      ['lostMyPhoneUnSubscribeNotification', { device_id: owner.deviceId }, { device_id: 'no-existe-1' }],
      ['wipePhoneDataNotification', { device_id: owner.deviceId }, { device_id: 'no-existe-1' }],
      ['getLostMyPhoneInfo', { device_id: owner.deviceId }, { device_id: 'no-existe-1' }],
      ['getCommands', { device_id: owner.deviceId }, { device_id: 'no-existe-1' }],
      ['changeStatus', { device_id: owner.internalId, lost: true }, { device_id: 2 ** 31 - 1, lost: true }],
    ];
    for (const [path, foreignBody, missingBody] of calls) {
      const foreign = await app.post(`/api/app/lostphone/${path}`, foreignBody, other.token);
      const missing = await app.post(`/api/app/lostphone/${path}`, missingBody, other.token);
      expect(foreign.statusCode, path).toBe(404);
      expect(foreign.json(), path).toEqual(NO_SUCH_DEVICE);
      expect(missing.statusCode, path).toBe(404);
      expect(missing.json(), path).toEqual(NO_SUCH_DEVICE);
    }
    expect(await commandsOf(owner.internalId)).toEqual([]);
    const [device] = await app.ctx.db.select().from(devices).where(eq(devices.id, owner.internalId));
    expect(device!.lost).toBe(false);
    // the caller's own confirmation was not spent on someone else's phone
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, other.userId));
    expect(row!.passwordConfirmedAt).not.toBeNull();
  });
});
