/**
 * A phone's last state (decision 042): its `status` stored and refused when malformed or too fast,
 * online and last connection across connect and disconnect, its last known position, and none of it
 * reaching another user.
 */
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEVICE_STATUS_MIN_INTERVAL_MS } from '@escudo/contract';
import { useRealtimeApp, userWithPhone, wait } from '../../../test/sockets.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { devices } from './devices.schema.ts';
import { lostReports } from '../lostphone/lostphone.schema.ts';
import { trackingPoints, trackings } from '../tracking/tracking.schema.ts';

const realtime = useRealtimeApp();
const { panel, phone } = realtime;

type Owner = Awaited<ReturnType<typeof userWithPhone>>;

async function detailsOf(app: TestApp, owner: { token: string }) {
  const response = await app.post('/api/app/user/details', {}, owner.token);
  expect(response.statusCode).toBe(200);
  return (response.json() as { user: { dispositivos: Record<string, unknown>[] } }).user.dispositivos;
}

async function deviceOf(app: TestApp, owner: Owner) {
  return (await detailsOf(app, owner)).find((device) => device.device_id === owner.deviceId)!;
}

const minute = DEVICE_STATUS_MIN_INTERVAL_MS;

describe('the status message', () => {
  it('stores battery, charging and network, tells the panel, and userDetails shows them', async () => {
    const { app } = realtime;
    const ana = await userWithPhone(app);
    const screen = await panel(ana);
    const device = await phone(ana);
    const told = screen.next('deviceStatus', (p) => p.battery === 42);
    expect(await device.ask('status', { battery: 42, charging: true, network: 'cellular' })).toEqual({
      ok: true,
    });
    const statusAt = app.ctx.now().toISOString();
    expect(await told).toMatchObject({
      device_id: ana.deviceId,
      online: true,
      battery: 42,
      charging: true,
      network: 'cellular',
      status_at: statusAt,
    });
    expect(await deviceOf(app, ana)).toMatchObject({
      online: true,
      battery: 42,
      charging: true,
      network: 'cellular',
      status_at: statusAt,
    });
  });

  it('takes null for what the phone cannot tell', async () => {
    const { app } = realtime;
    const ana = await userWithPhone(app);
    const device = await phone(ana);
    expect(await device.ask('status', { battery: null, charging: null, network: null })).toEqual({
      ok: true,
    });
    expect(await deviceOf(app, ana)).toMatchObject({ battery: null, charging: null, network: null });
    expect((await deviceOf(app, ana)).status_at).not.toBeNull();
  });

  it('refuses a malformed status with a Spanish reason and changes nothing', async () => {
    const { app } = realtime;
    const ana = await userWithPhone(app);
    const device = await phone(ana);
    await device.ask('status', { battery: 50, charging: false, network: 'wifi' });
    // the connection writes its own last_seen_at apart from the messages: "before" is after it
    await vi.waitFor(async () => expect((await deviceOf(app, ana)).last_seen_at).not.toBeNull());
    const before = await deviceOf(app, ana);
    for (const bad of [
      { battery: 101, charging: false, network: 'wifi' },
      { battery: -1, charging: false, network: 'wifi' },
      { battery: 4.5, charging: false, network: 'wifi' },
      { battery: '50', charging: false, network: 'wifi' },
      { battery: 50, charging: 'yes', network: 'wifi' },
      { battery: 50, charging: false, network: 'lte' },
      { battery: 50, charging: false },
      { battery: 50, charging: false, network: 'wifi', lat: -33.4 },
    ]) {
      const answer = await device.ask('status', bad);
      expect(answer, JSON.stringify(bad)).toMatchObject({ ok: false, code: 'VALIDATION' });
      expect(answer.message).toMatch(/[a-záéíóúñ]/i);
    }
    expect(await deviceOf(app, ana)).toEqual(before);
    expect(device.connected).toBe(true);
  });

  it('stores a battery-only change once a minute, a charging or network change at once', async () => {
    const { app } = realtime;
    const ana = await userWithPhone(app);
    const screen = await panel(ana);
    const device = await phone(ana);
    expect(await device.ask('status', { battery: 80, charging: false, network: 'wifi' })).toEqual({
      ok: true,
    });
    // the same again: nothing to store, answered ok
    expect(await device.ask('status', { battery: 80, charging: false, network: 'wifi' })).toEqual({
      ok: true,
    });
    const refused = await device.ask('status', { battery: 79, charging: false, network: 'wifi' });
    expect(refused).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    expect(await deviceOf(app, ana)).toMatchObject({ battery: 80 });
    // plugged in: at once, with the battery it has now
    const charging = screen.next('deviceStatus', (p) => p.charging === true);
    expect(await device.ask('status', { battery: 79, charging: true, network: 'wifi' })).toEqual({
      ok: true,
    });
    expect(await charging).toMatchObject({ battery: 79, charging: true });
    expect(await device.ask('status', { battery: 79, charging: true, network: 'none' })).toEqual({
      ok: true,
    });
    expect(await deviceOf(app, ana)).toMatchObject({ battery: 79, network: 'none' });
    // a minute later the battery alone goes too
    app.clock.advance(minute);
    expect(await device.ask('status', { battery: 85, charging: true, network: 'none' })).toEqual({
      ok: true,
    });
    expect(await deviceOf(app, ana)).toMatchObject({ battery: 85, status_at: app.ctx.now().toISOString() });
  });
});

describe('online and last connection', () => {
  it('is never seen until the phone connects, then online, then offline with its last connection', async () => {
    const { app } = realtime;
    const ana = await userWithPhone(app);
    expect(await deviceOf(app, ana)).toMatchObject({
      online: false,
      last_seen_at: null,
      battery: null,
      charging: null,
      network: null,
      status_at: null,
      last_position: null,
    });
    const screen = await panel(ana);
    await screen.seen('deviceStatus', (p) => p.device_id === ana.deviceId && p.online === false);
    const online = screen.next('deviceStatus', (p) => p.online === true);
    const connectedAt = app.ctx.now().toISOString();
    const device = await phone(ana);
    expect(await online).toMatchObject({ device_id: ana.deviceId, online: true, last_seen_at: connectedAt });
    expect(await deviceOf(app, ana)).toMatchObject({ online: true, last_seen_at: connectedAt });

    app.clock.advance(5 * 60_000);
    const offline = screen.next('deviceStatus', (p) => p.online === false);
    device.close();
    const leftAt = app.ctx.now().toISOString();
    expect(await offline).toMatchObject({ device_id: ana.deviceId, online: false, last_seen_at: leftAt });
    expect(await deviceOf(app, ana)).toMatchObject({ online: false, last_seen_at: leftAt });
  });

  it('stays online while another connection of the phone is up', async () => {
    const { app } = realtime;
    const ana = await userWithPhone(app);
    const screen = await panel(ana);
    const first = await phone(ana);
    await phone(ana);
    const told = screen.next('deviceStatus');
    first.close();
    expect(await told).toMatchObject({ online: true });
    expect(await deviceOf(app, ana)).toMatchObject({ online: true });
  });

  it('sends a new panel the last state of each of its phones', async () => {
    const { app } = realtime;
    const ana = await userWithPhone(app);
    const device = await phone(ana);
    await device.ask('status', { battery: 33, charging: false, network: 'wifi' });
    const screen = await panel(ana);
    expect(
      await screen.seen('deviceStatus', (p) => p.device_id === ana.deviceId && p.battery === 33),
    ).toMatchObject({ online: true, network: 'wifi' });
  });
});

describe('last known position', () => {
  async function addReport(app: TestApp, owner: Owner, at: Date, lat: number) {
    await app.ctx.db
      .insert(lostReports)
      .values({ deviceId: owner.internalId, lat, lng: -70.6, imageKey: `lost/${lat}.jpg`, createdAt: at });
  }
  async function addRoute(app: TestApp, owner: Owner, startedAt: Date, points: { at: Date; lat: number }[]) {
    const [route] = await app.ctx.db
      .insert(trackings)
      .values({ deviceId: owner.internalId, createdAt: startedAt, endedAt: startedAt })
      .returning();
    for (const point of points) {
      await app.ctx.db
        .insert(trackingPoints)
        .values({ trackingId: route!.id, lat: point.lat, lng: -70.6, recordedAt: point.at });
    }
  }
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, minutes));

  it('is the newest of the lost-mode reports and the route points', async () => {
    const { app } = realtime;
    const ana = await userWithPhone(app);
    await addReport(app, ana, at(0), -33.1);
    expect((await deviceOf(app, ana)).last_position).toEqual({
      lat: -33.1,
      lng: -70.6,
      at: at(0).toISOString(),
      source: 'lost_report',
    });
    await addRoute(app, ana, at(5), [
      { at: at(6), lat: -33.2 },
      { at: at(7), lat: -33.3 },
    ]);
    // a newer route without any point does not hide the older one's
    await app.ctx.db.insert(trackings).values({ deviceId: ana.internalId, createdAt: at(8), endedAt: at(8) });
    expect((await deviceOf(app, ana)).last_position).toEqual({
      lat: -33.3,
      lng: -70.6,
      at: at(7).toISOString(),
      source: 'route_point',
    });
    await addReport(app, ana, at(9), -33.4);
    expect((await deviceOf(app, ana)).last_position).toMatchObject({ lat: -33.4, source: 'lost_report' });
  });

  it("gives each phone its own, and never another user's", async () => {
    const { app } = realtime;
    const ana = await userWithPhone(app);
    const bea = await userWithPhone(app);
    await addReport(app, ana, at(1), -33.5);
    const [beaPhone] = await detailsOf(app, bea);
    expect(beaPhone).toMatchObject({ device_id: bea.deviceId, last_position: null });
    expect(await detailsOf(app, bea)).toHaveLength(1);
  });
});

describe("another user's phone", () => {
  it('never reaches their panel nor their details', async () => {
    const { app } = realtime;
    const ana = await userWithPhone(app);
    const bea = await userWithPhone(app);
    const beaScreen = await panel(bea);
    await beaScreen.seen('deviceStatus', (p) => p.device_id === bea.deviceId);
    const anaPhone = await phone(ana);
    await anaPhone.ask('status', { battery: 12, charging: false, network: 'wifi' });
    anaPhone.close();
    await wait(200);
    const heard = beaScreen.received.filter((m) => m.type === 'deviceStatus' || m.type === 'presence');
    expect(heard.every((m) => (m.payload as { device_id: string }).device_id === bea.deviceId)).toBe(true);
    const beaDevices = await detailsOf(app, bea);
    expect(beaDevices.map((device) => device.device_id)).toEqual([bea.deviceId]);
    expect(beaDevices[0]).toMatchObject({ battery: null, online: false });
    // and the status went to Ana's own phone only
    const [row] = await app.ctx.db.select().from(devices).where(eq(devices.id, ana.internalId));
    expect(row).toMatchObject({ battery: 12 });
  });
});
