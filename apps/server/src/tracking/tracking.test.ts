import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signUpUser, type TestApp } from '../test/test-app.ts';
import { connect, listen, panelToken, userWithPhone, type TestSocket } from '../test/sockets.ts';
import { trackingPoints } from '../lib/db/schema.ts';

let app: TestApp;
let url: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => app.close());

async function open(namespace: '/panel' | '/device', token: string) {
  const socket = await connect(`${url}${namespace}`, token);
  sockets.push(socket);
  return socket;
}
const change = (user: { token: string; deviceId: string }, trackingStatus: number) =>
  app.post(
    '/api/app/tracking/changeTrackingStatus',
    { device_id: user.deviceId, trackingStatus },
    user.token,
  );
const list = (user: { token: string; deviceId: string }, body: Record<string, unknown> = {}) =>
  app.post('/api/app/tracking/getTrackings', { device_id: user.deviceId, ...body }, user.token);
const point = (lat: number, lng: number, secondsAfter = 0) => ({
  lat,
  lng,
  at: new Date(Date.UTC(2026, 10, 22, 15, 0, secondsAfter)).toISOString(),
});

describe('live tracking', () => {
  it('on opens a route and orders the phone; its points are stored and relayed; off ends it', async () => {
    const ana = await userWithPhone(app);
    const panel = await open('/panel', await panelToken(app, ana));
    const phone = await open('/device', ana.deviceToken);

    const started = panel.next('trackingStarted');
    const ordered = phone.next('command');
    const on = await change(ana, 1);
    expect(on.statusCode).toBe(200);
    const { status, tracking, command } = on.json();
    expect(status).toBe(1);
    expect(tracking).toMatchObject({
      id: expect.any(Number),
      device_id: ana.deviceId,
      ended_at: null,
      route: [],
    });
    expect(command).toMatchObject({ type: 'trackingOn', state: 'sent' });
    expect(await ordered).toMatchObject({
      id: command.id,
      type: 'trackingOn',
      tracking_id: tracking.id,
      interval_s: 5,
    });
    expect(((await started) as { tracking: { id: number } }).tracking.id).toBe(tracking.id);

    const relayed = panel.next('trackingPoints');
    expect(
      await phone.ask('routePoints', {
        tracking_id: tracking.id,
        points: [point(-33.44, -70.65), point(-33.441, -70.651, 5)],
      }),
    ).toEqual({ ok: true });
    expect(await relayed).toEqual({
      device_id: ana.deviceId,
      tracking_id: tracking.id,
      points: [point(-33.44, -70.65), point(-33.441, -70.651, 5)],
    });
    expect((await list(ana)).json().active.route).toHaveLength(2);

    const ended = panel.next('trackingEnded');
    const off = (await change(ana, 2)).json();
    expect(off).toMatchObject({ status: 2, tracking: { id: tracking.id, ended_at: expect.any(String) } });
    expect(off.command).toMatchObject({ type: 'trackingOff' });
    expect(await ended).toEqual({ device_id: ana.deviceId, tracking_id: tracking.id });

    // late points for an ended route are refused; the route keeps what it had
    expect(
      await phone.ask('routePoints', { tracking_id: tracking.id, points: [point(-33.45, -70.66, 10)] }),
    ).toMatchObject({
      ok: false,
      code: 'TRACKING_ENDED',
    });
    const { tracking: routes, total_trackings, active } = (await list(ana)).json();
    expect(total_trackings).toBe(1);
    expect(active).toBeNull();
    expect(routes[0].route).toHaveLength(2);
    // off again: nothing to end, nothing sent
    expect((await change(ana, 2)).json()).toEqual({ status: 2, tracking: null, command: null });
  });

  it('turning on twice keeps one route and orders the phone again', async () => {
    const ana = await userWithPhone(app);
    const first = (await change(ana, 1)).json();
    const second = (await change(ana, 1)).json();
    expect(second.tracking.id).toBe(first.tracking.id);
    expect(second.command.id).not.toBe(first.command.id);
    expect((await list(ana)).json().total_trackings).toBe(1);
  });

  it('survives a server restart: the phone reconnects and its points land on the same route', async () => {
    const ana = await userWithPhone(app);
    const { tracking } = (await change(ana, 1)).json();
    let phone = await open('/device', ana.deviceToken);
    await phone.ask('routePoints', { tracking_id: tracking.id, points: [point(-33.43, -70.64)] });

    phone.close();
    await app.restart();
    url = await listen(app);
    phone = await open('/device', ana.deviceToken);
    expect(
      await phone.ask('routePoints', { tracking_id: tracking.id, points: [point(-33.431, -70.641, 5)] }),
    ).toEqual({
      ok: true,
    });
    const { active } = (await list(ana)).json();
    expect(active.id).toBe(tracking.id);
    expect(active.route.map((p: { lat: number }) => p.lat)).toEqual([-33.43, -33.431]);
  });
});

describe('route history', () => {
  it('pages 15 at a time, newest first, with the active route first', async () => {
    const ana = await userWithPhone(app);
    const ids: number[] = [];
    for (let i = 0; i < 17; i += 1) {
      app.clock.advance(60_000);
      ids.push((await change(ana, 1)).json().tracking.id);
      if (i < 16) await change(ana, 2);
    }
    const page1 = (await list(ana)).json();
    expect(page1.total_trackings).toBe(17);
    expect(page1.tracking).toHaveLength(15);
    expect(page1.tracking[0]).toMatchObject({ id: ids[16], ended_at: null });
    expect(page1.tracking.slice(1).map((t: { id: number }) => t.id)).toEqual(ids.slice(2, 16).reverse());
    const page2 = (await list(ana, { page: 2 })).json();
    expect(page2.tracking.map((t: { id: number }) => t.id)).toEqual([ids[1], ids[0]]);
    expect(page2.active.id).toBe(ids[16]);
    expect((await list(ana, { page: 3 })).json().tracking).toEqual([]);
    expect((await list(ana, { limit: 5, page: 2 })).json().tracking).toHaveLength(5);
  });
});

describe('bad input', () => {
  it("refuses another user's device and a status other than 1 or 2, changing nothing", async () => {
    const owner = await userWithPhone(app);
    const other = await signUpUser(app);
    const foreign = await app.post(
      '/api/app/tracking/changeTrackingStatus',
      { device_id: owner.deviceId, trackingStatus: 1 },
      other.token,
    );
    expect(foreign.statusCode).toBe(403);
    expect(
      (await app.post('/api/app/tracking/getTrackings', { device_id: owner.deviceId }, other.token))
        .statusCode,
    ).toBe(403);
    for (const trackingStatus of [0, 3, '1', true]) {
      const response = await change(owner, trackingStatus as number);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
    for (const body of [{ limit: 0 }, { limit: 101 }, { page: 0 }, { page: 1.5 }]) {
      expect((await list(owner, body)).statusCode).toBe(400);
    }
    expect((await list(owner)).json().total_trackings).toBe(0);
  });

  it('refuses points out of range, oversized, too frequent or for another phone, keeping the rest', async () => {
    const ana = await userWithPhone(app);
    const bea = await userWithPhone(app);
    const { tracking } = (await change(ana, 1)).json();
    const phone = await open('/device', ana.deviceToken);
    const send = (points: unknown[]) => phone.ask('routePoints', { tracking_id: tracking.id, points });

    expect(await send([point(-33.44, -70.65)])).toEqual({ ok: true });
    expect(await send([{ ...point(-33.44, -70.65), lat: 91 }])).toMatchObject({
      ok: false,
      code: 'VALIDATION',
    });
    expect(await send([{ ...point(-33.44, -70.65), lng: -181 }])).toMatchObject({
      ok: false,
      code: 'VALIDATION',
    });
    expect(await send([{ lat: -33.44, lng: -70.65 }])).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(await send([])).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(await send(Array.from({ length: 51 }, (_, i) => point(-33.44, -70.65, i)))).toMatchObject({
      ok: false,
      code: 'VALIDATION',
    });
    // 10 a second are fine (with a small burst); a phone sending far more is cut off
    const flood = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send(Array.from({ length: 10 }, () => point(-33.44, -70.65, i)))),
    );
    expect(flood.filter((answer) => answer.code === 'RATE_LIMITED').length).toBeGreaterThan(0);

    const beaPhone = await open('/device', bea.deviceToken);
    expect(
      await beaPhone.ask('routePoints', { tracking_id: tracking.id, points: [point(0, 0)] }),
    ).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });

    const stored = await app.ctx.db
      .select()
      .from(trackingPoints)
      .where(eq(trackingPoints.trackingId, tracking.id));
    const accepted = 1 + flood.filter((answer) => answer.ok).length * 10;
    expect(stored).toHaveLength(accepted);
    expect(stored.every((p) => p.lat === -33.44)).toBe(true);
  });
});

describe('overload', () => {
  it('past MAX_PENDING_ROUTE_WRITES a message is refused as busy and nothing of it is stored', async () => {
    // no room at all for writes: every message meets a full bound, deterministically
    const busy = await createTestApp({ MAX_PENDING_ROUTE_WRITES: '0' });
    try {
      const busyUrl = await listen(busy);
      const ana = await userWithPhone(busy);
      const { tracking } = (
        await busy.post(
          '/api/app/tracking/changeTrackingStatus',
          { device_id: ana.deviceId, trackingStatus: 1 },
          ana.token,
        )
      ).json();
      const phone = await connect(`${busyUrl}/device`, ana.deviceToken);
      sockets.push(phone);
      expect(
        await phone.ask('routePoints', { tracking_id: tracking.id, points: [point(-33.44, -70.65)] }),
      ).toEqual({
        ok: false,
        code: 'SERVER_BUSY',
        message: 'El servidor está ocupado. Por favor inténtalo nuevamente en unos segundos.',
      });
      const stored = await busy.ctx.db
        .select()
        .from(trackingPoints)
        .where(eq(trackingPoints.trackingId, tracking.id));
      expect(stored).toEqual([]);
      // the socket stays up for what comes next
      expect(phone.connected).toBe(true);
    } finally {
      await busy.close();
    }
  });
});
