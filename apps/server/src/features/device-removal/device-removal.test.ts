import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEVICE_NAMESPACE } from '@escudo/contract';
import { mailsTo } from '../../../test/outbox.ts';
import { connect, setLostMode, useRealtimeApp, userWithPhone } from '../../../test/sockets.ts';
import { signUpUser, type TestApp } from '../../../test/test-app.ts';
import { accountActivity } from '../activity/activity.schema.ts';
import { alerts } from '../alerts/alerts.schema.ts';
import { deviceCommands } from '../commands/commands.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { lostReports } from '../lostphone/lostphone.schema.ts';
import { trackingPoints, trackings } from '../tracking/tracking.schema.ts';

const realtime = useRealtimeApp();

// a real 1×1 JPEG (SOI … EOI), as lostphone.test.ts sends
const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQEAYABgAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxgZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+v/aAAgBAQAAPwD3+iiigD//2Q==';

type Owner = Awaited<ReturnType<typeof userWithPhone>>;

const PASSWORD = 'una-clave-segura';
const NO_SUCH_DEVICE = { code: 'NOT_FOUND', message: 'No encontramos ese dispositivo.' };

const remove = (app: TestApp, owner: Owner, body: Record<string, unknown> = {}) =>
  app.post(
    '/api/app/devices/remove',
    { device_id: owner.deviceId, password: PASSWORD, delete_data: false, ...body },
    owner.token,
  );

const registerPhone = (app: TestApp, token: string, deviceId = `android-${randomBytes(5).toString('hex')}`) =>
  app.post(
    '/api/device/register',
    {
      device_id: deviceId,
      device_brand: 'Motorola',
      device_name: 'Teléfono nuevo',
      device_model: 'Moto G84',
      device_so: 'android',
      device_soversion: 14,
    },
    token,
  );

/**
 * A phone with what a removal must deal with: lost mode on with a report and its photo, an open
 * route with a point, and an order still open (a lock not yet delivered).
 */
async function phoneWithHistory(app: TestApp) {
  const owner = await userWithPhone(app);
  await setLostMode(app, owner, true);
  const reported = await app.post(
    '/api/device/lostphone/report',
    { lat: -33.45, lng: -70.66, image: JPEG_BASE64 },
    owner.deviceToken,
  );
  expect(reported.statusCode).toBe(201);
  const [report] = await app.ctx.db
    .select()
    .from(lostReports)
    .where(eq(lostReports.deviceId, owner.internalId));
  const [route] = await app.ctx.db
    .insert(trackings)
    .values({ deviceId: owner.internalId, createdAt: app.ctx.now() })
    .returning();
  await app.ctx.db
    .insert(trackingPoints)
    .values({ trackingId: route!.id, lat: -33.45, lng: -70.66, recordedAt: app.ctx.now() });
  const locked = await app.post(
    '/api/app/lostphone/blockMyPhoneNotification',
    { device_id: owner.deviceId, pin: '1234' },
    owner.token,
  );
  expect(locked.statusCode).toBe(200);
  return {
    owner,
    photoKey: report!.imageKey,
    routeId: route!.id,
    lockId: locked.json().command.id as number,
  };
}

const deviceRow = async (app: TestApp, id: number) =>
  (await app.ctx.db.select().from(devices).where(eq(devices.id, id)))[0];

const dispositivos = async (app: TestApp, token: string) =>
  (await app.post('/api/app/user/details', {}, token)).json().user.dispositivos as { device_id: string }[];

describe('POST /api/app/devices/remove', () => {
  it('with a wrong password changes nothing and says so on the password field', async () => {
    const { app } = realtime;
    const { owner, photoKey, lockId } = await phoneWithHistory(app);
    const before = await deviceRow(app, owner.internalId);

    const response = await remove(app, owner, { password: 'no-es-la-clave', delete_data: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'WRONG_PASSWORD',
      message: 'La contraseña no es correcta. Revísala e inténtalo nuevamente.',
      fields: { password: 'La contraseña no es correcta. Revísala e inténtalo nuevamente.' },
    });
    expect(await deviceRow(app, owner.internalId)).toEqual(before);
    expect(await app.ctx.storage.sizeOf(photoKey)).not.toBeNull();
    expect(await realtime.commandRow(lockId)).toMatchObject({ state: 'sent' });
    expect(await dispositivos(app, owner.token)).toHaveLength(1);
    // the phone still works
    const probe = await app.post(
      '/api/device/lostphone/report',
      { lat: 1, lng: 1, image: JPEG_BASE64 },
      owner.deviceToken,
    );
    expect(probe.statusCode).not.toBe(401);
  });

  it('ends the phone at once: its token is refused, its socket closed, its place in the plan free', async () => {
    const { app } = realtime;
    // Esencial: one phone, and this account has it; a proven mailbox, whose notice names the phone
    const owner = await userWithPhone(app, { isEmailVerified: true });
    expect((await registerPhone(app, owner.token)).json().code).toBe('DEVICE_LIMIT_REACHED');
    const phone = await realtime.phone(owner);
    const panel = await realtime.panel(owner);
    const disconnected = new Promise<string>((resolve) => phone.once('disconnect', resolve));

    const response = await remove(app, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'removed' });

    expect(await disconnected).toBe('io server disconnect');
    // it was told why first, so that the app can say so (docs/device-protocol.md)
    expect(phone.received.map((m) => m.type)).toContain('deviceRemoved');
    await panel.seen(
      'presence',
      (p: { device_id: string; online: boolean }) => p.device_id === owner.deviceId && !p.online,
    );
    const refused = await app.post(
      '/api/device/lostphone/report',
      { lat: 1, lng: 1, image: JPEG_BASE64 },
      owner.deviceToken,
    );
    expect(refused.statusCode).toBe(401);
    await expect(connect(`${realtime.url}${DEVICE_NAMESPACE}`, owner.deviceToken)).rejects.toMatchObject({
      data: { code: 'UNAUTHENTICATED' },
    });
    expect(await dispositivos(app, owner.token)).toEqual([]);

    // another phone takes the place at once
    const another = await registerPhone(app, owner.token);
    expect(another.statusCode).toBe(200);
    expect((await dispositivos(app, owner.token)).map((d) => d.device_id)).toEqual([
      another.json().device.device_id,
    ]);
    // the removal is in the account's log, with the phone's name, and the owner was e-mailed
    const [entry] = await app.ctx.db
      .select()
      .from(accountActivity)
      .where(and(eq(accountActivity.userId, owner.userId), eq(accountActivity.kind, 'device_removed')));
    expect(entry).toMatchObject({ detail: 'Teléfono de prueba' });
    const [notice] = await vi.waitFor(async () => {
      const mails = (await mailsTo(app, owner.email)).filter((mail) =>
        mail.subject?.startsWith('Se quitó un teléfono de tu cuenta'),
      );
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(notice!.text).toContain('Teléfono de prueba');
  });

  it('keeping the data: the row stays without token, its reports, photos and routes stay; orders cancelled, route ended, lost mode off', async () => {
    const { app } = realtime;
    const { owner, photoKey, routeId, lockId } = await phoneWithHistory(app);

    expect((await remove(app, owner, { delete_data: false })).statusCode).toBe(200);

    const row = await deviceRow(app, owner.internalId);
    expect(row).toMatchObject({ tokenHash: null, lost: false, removedAt: expect.any(Date) });
    expect(
      await app.ctx.db.select().from(lostReports).where(eq(lostReports.deviceId, owner.internalId)),
    ).toHaveLength(1);
    expect(await app.ctx.storage.sizeOf(photoKey)).not.toBeNull();
    const [route] = await app.ctx.db.select().from(trackings).where(eq(trackings.id, routeId));
    expect(route!.endedAt).toBeInstanceOf(Date);
    expect(
      await app.ctx.db.select().from(trackingPoints).where(eq(trackingPoints.trackingId, routeId)),
    ).toHaveLength(1);
    expect(await realtime.commandRow(lockId)).toMatchObject({ state: 'cancelled', payload: {} });
    // no call of the panel knows it any more
    const orderAgain = await app.post(
      '/api/app/lostphone/blockMyPhoneNotification',
      { device_id: owner.deviceId, pin: '1234' },
      owner.token,
    );
    expect(orderAgain.json()).toEqual(NO_SUCH_DEVICE);
    expect((await remove(app, owner)).json()).toEqual(NO_SUCH_DEVICE);

    // the same phone registered again on this account comes back with its history
    const again = await registerPhone(app, owner.token, owner.deviceId);
    expect(again.statusCode).toBe(200);
    expect(again.json().device.id).toBe(owner.internalId);
    expect((await deviceRow(app, owner.internalId))!.removedAt).toBeNull();
  });
});

describe('POST /api/app/devices/remove: an open SOS, a phone registered again, and deleting the data', () => {
  it('ends an open SOS of the phone, telling the panels, and keeps it as history', async () => {
    const { app } = realtime;
    const owner = await userWithPhone(app);
    const panel = await realtime.panel(owner);
    const raised = await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, owner.deviceToken);
    expect(raised.statusCode).toBe(201);
    const alertId = raised.json().alert_id as number;
    const ended = panel.next(
      'alertChanged',
      (p: { alert_id: number; open: boolean }) => p.alert_id === alertId && !p.open,
    );

    expect((await remove(app, owner, { delete_data: false })).statusCode).toBe(200);
    await ended;
    const [row] = await app.ctx.db.select().from(alerts).where(eq(alerts.id, alertId));
    expect(row!.endedAt).toBeInstanceOf(Date);
    expect((await app.post('/api/app/alertas/abiertas', {}, owner.token)).json().alerts).toEqual([]);
  });

  it('another account may register a phone removed with its data kept', async () => {
    const { app } = realtime;
    const owner = await userWithPhone(app);
    expect((await remove(app, owner, { delete_data: false })).statusCode).toBe(200);
    const buyer = await signUpUser(app);
    const registered = await registerPhone(app, buyer.token, owner.deviceId);
    expect(registered.statusCode).toBe(200);
    expect(registered.json().device.id).not.toBe(owner.internalId);
    // and the first owner can no longer take it back while it is the buyer's
    expect((await registerPhone(app, owner.token, owner.deviceId)).json().code).toBe('DEVICE_TAKEN');
  });

  it('deleting the data: the row, its reports, photos, routes and orders are gone', async () => {
    const { app } = realtime;
    const { owner, photoKey, routeId, lockId } = await phoneWithHistory(app);

    expect((await remove(app, owner, { delete_data: true })).statusCode).toBe(200);

    expect(await deviceRow(app, owner.internalId)).toBeUndefined();
    expect(
      await app.ctx.db.select().from(lostReports).where(eq(lostReports.deviceId, owner.internalId)),
    ).toEqual([]);
    // the photo leaves the store by the delivery the removal started (lib/storage/released-files.ts)
    await app.ctx.background.settled();
    expect(await app.ctx.storage.sizeOf(photoKey)).toBeNull();
    expect(await app.ctx.db.select().from(trackings).where(eq(trackings.id, routeId))).toEqual([]);
    expect(await app.ctx.db.select().from(deviceCommands).where(eq(deviceCommands.id, lockId))).toEqual([]);
    // the activity entry outlives the phone
    const entries = await app.ctx.db
      .select()
      .from(accountActivity)
      .where(and(eq(accountActivity.userId, owner.userId), eq(accountActivity.kind, 'device_removed')));
    expect(entries).toHaveLength(1);
  });

  it("answers another user's phone as unknown and leaves it alone", async () => {
    const { app } = realtime;
    const owner = await userWithPhone(app);
    const stranger = await userWithPhone(app);
    const response = await app.post(
      '/api/app/devices/remove',
      { device_id: owner.deviceId, password: PASSWORD, delete_data: true },
      stranger.token,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NO_SUCH_DEVICE);
    expect(await deviceRow(app, owner.internalId)).toMatchObject({ removedAt: null });
    expect(await dispositivos(app, owner.token)).toHaveLength(1);
  });

  it('refuses a body without the choice about the data', async () => {
    const { app } = realtime;
    const owner = await userWithPhone(app);
    const response = await app.post(
      '/api/app/devices/remove',
      { device_id: owner.deviceId, password: PASSWORD },
      owner.token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
    expect(await dispositivos(app, owner.token)).toHaveLength(1);
  });
});
