import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { connect, listen, panelToken, userWithPhone, type TestSocket } from '../../../test/sockets.ts';
import { deviceCommands } from '../commands/commands.schema.ts';
import { trackingPoints, trackings } from './tracking.schema.ts';
import { userPlans } from '../accounts/accounts.schema.ts';

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
/** Protección includes tracking; a new account's Esencial does not */
const PROTECCION = 2;
const trackingUser = (on: TestApp) => userWithPhone(on, { planId: PROTECCION });
/** a point taken `secondsAfter` the test clock's now: route points must be times of their route */
const point = (lat: number, lng: number, secondsAfter = 0) => ({
  lat,
  lng,
  at: new Date(app.clock.now.getTime() + secondsAfter * 1000).toISOString(),
});

describe('live tracking', () => {
  it('on opens a route and orders the phone; its points are stored and relayed; off ends it', async () => {
    const ana = await trackingUser(app);
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
    const ana = await trackingUser(app);
    const first = (await change(ana, 1)).json();
    const second = (await change(ana, 1)).json();
    expect(second.tracking.id).toBe(first.tracking.id);
    expect(second.command.id).not.toBe(first.command.id);
    expect((await list(ana)).json().total_trackings).toBe(1);
  });

  it('survives a server restart: the phone reconnects and its points land on the same route', async () => {
    const ana = await trackingUser(app);
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
    const ana = await trackingUser(app);
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

describe('what the plan includes', () => {
  const tracked = async (internalId: number) =>
    app.ctx.db.select().from(trackings).where(eq(trackings.deviceId, internalId));
  const ordered = async (internalId: number) =>
    app.ctx.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, internalId));

  it('refuses turning tracking on when the plan does not include it; off is always allowed', async () => {
    // a new account is on Esencial, without tracking
    const ana = await userWithPhone(app);
    const refused = await change(ana, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'FEATURE_NOT_IN_PLAN',
      message:
        'Tu plan Esencial no incluye el tracking en tiempo real. Actualiza tu plan en «Mis planes» para activarlo.',
    });
    expect(await tracked(ana.internalId)).toEqual([]);
    expect(await ordered(ana.internalId)).toEqual([]);
    expect((await change(ana, 2)).json()).toEqual({ status: 2, tracking: null, command: null });

    // on a plan with tracking it works; after a downgrade the open route can still be turned off
    await app.ctx.db.update(userPlans).set({ planId: PROTECCION }).where(eq(userPlans.userId, ana.userId));
    const on = await change(ana, 1);
    expect(on.statusCode).toBe(200);
    await app.ctx.db.update(userPlans).set({ planId: 1 }).where(eq(userPlans.userId, ana.userId));
    expect((await change(ana, 1)).statusCode).toBe(409);
    const off = await change(ana, 2);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ status: 2, tracking: { id: on.json().tracking.id } });
  });

  it('still allows it on an expired plan that includes it: at expiry nothing is cut (decision 008)', async () => {
    const ana = await trackingUser(app);
    await app.ctx.db
      .update(userPlans)
      .set({ expiresAt: new Date(app.clock.now.getTime() - 24 * 60 * 60 * 1000) })
      .where(eq(userPlans.userId, ana.userId));
    expect((await change(ana, 1)).statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it("answers another user's device exactly as a missing one, and a bad status, changing nothing", async () => {
    const owner = await trackingUser(app);
    const other = await trackingUser(app);
    for (const [path, body] of [
      ['/api/app/tracking/changeTrackingStatus', { trackingStatus: 1 }],
      ['/api/app/tracking/changeTrackingStatus', { trackingStatus: 2 }],
      ['/api/app/tracking/getTrackings', {}],
    ] as const) {
      const foreign = await app.post(path, { device_id: owner.deviceId, ...body }, other.token);
      const missing = await app.post(path, { device_id: 'no-existe-123', ...body }, other.token);
      expect(foreign.statusCode, path).toBe(404);
      expect(foreign.json(), path).toEqual({ code: 'NOT_FOUND', message: 'No encontramos ese dispositivo.' });
      expect(missing.statusCode, path).toBe(404);
      expect(missing.json(), path).toEqual(foreign.json());
    }
    expect(await app.ctx.db.select().from(trackings).where(eq(trackings.deviceId, owner.internalId))).toEqual(
      [],
    );
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
    const ana = await trackingUser(app);
    const bea = await trackingUser(app);
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
      const ana = await trackingUser(busy);
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

describe('route point times', () => {
  it('refuses a message with a time outside its route (year 0001, the future, before it started), storing none of it', async () => {
    const ana = await trackingUser(app);
    const { tracking } = (await change(ana, 1)).json();
    const phone = await open('/device', ana.deviceToken);
    const send = (points: unknown[]) => phone.ask('routePoints', { tracking_id: tracking.id, points });
    const at = (time: string | number) => ({
      lat: -33.44,
      lng: -70.65,
      at: typeof time === 'string' ? time : new Date(time).toISOString(),
    });
    const started = Date.parse(tracking.created_at);
    const minutes = 60_000;

    for (const outside of [
      // once stored, this one came back as 2001
      at('0001-01-01T00:00:00.000Z'),
      at(started - 11 * minutes),
      at(app.clock.now.getTime() + 11 * minutes),
      at('9999-12-31T23:59:59.999Z'),
    ]) {
      expect(await send([point(-33.44, -70.65), outside])).toMatchObject({ ok: false, code: 'VALIDATION' });
    }
    expect(
      await app.ctx.db.select().from(trackingPoints).where(eq(trackingPoints.trackingId, tracking.id)),
    ).toEqual([]);

    // a phone clock a little behind, and a time with an offset: stored, and read back as the same instant
    const behind = at(started - 5 * minutes);
    const withOffset = at(
      new Date(app.clock.now.getTime() - 3 * 60 * minutes).toISOString().replace('Z', '-03:00'),
    );
    expect(await send([behind, withOffset])).toEqual({ ok: true });
    const { active } = (await list(ana)).json();
    expect(active.route.map((p: { at: string }) => p.at)).toEqual([behind.at, app.clock.now.toISOString()]);
  });
});

// two transactions at once need a server with several connections: PostgreSQL, not PGlite
describe.skipIf(process.env.ESCUDO_TEST_DB !== 'postgres')('a route deleted while its points arrive', () => {
  it('refuses the points as NOT_FOUND once the deletion commits, never as an internal error', async () => {
    const ana = await trackingUser(app);
    const { tracking } = (await change(ana, 1)).json();
    const phone = await open('/device', ana.deviceToken);

    // the route's deletion (as when its phone is removed with its data) holds its row, uncommitted
    let commitDeletion!: () => void;
    let deleted!: () => void;
    const isDeleted = new Promise<void>((resolve) => (deleted = resolve));
    const deletion = app.ctx.db.transaction(async (tx) => {
      await tx.delete(trackings).where(eq(trackings.id, tracking.id));
      deleted();
      await new Promise<void>((resolve) => (commitDeletion = resolve));
    });
    await isDeleted;

    // the points arrive meanwhile: they wait for the route's row
    const answer = phone.ask('routePoints', { tracking_id: tracking.id, points: [point(-33.44, -70.65)] });
    for (let waiting = 0; waiting === 0;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const [row] = await app.ctx.db
        .execute<{ waiting: number }>(
          sql`select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        )
        .then((result) => result.rows);
      waiting = row?.waiting ?? 0;
    }
    commitDeletion();
    await deletion;

    expect(await answer).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(
      await app.ctx.db.select().from(trackingPoints).where(eq(trackingPoints.trackingId, tracking.id)),
    ).toEqual([]);
  });
});
