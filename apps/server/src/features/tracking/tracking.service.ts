/**
 * Live tracking (spec 2 Tracking, 4; docs/device-protocol.md section 4): a route ("tracking") is open while
 * tracking is on. It is in the database, so it survives a server restart: the reconnected phone's points land
 * on it still.
 */
import { and, desc, eq, getTableColumns, inArray, isNull, asc, sql } from 'drizzle-orm';
import { TRACKING_POINT_CLOCK_SKEW_MS, type RoutePoint, type Tracking } from '@escudo/contract';
import type { ClientOrigin } from '../../lib/http/client-origin.ts';
import { recordActivity } from '../activity/activity.service.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { trackingPoints, trackings } from './tracking.schema.ts';
import type { DeviceAuth } from '../../lib/http/routes.ts';
import { findUserDevice } from '../devices/devices.service.ts';
import { createCommand } from '../commands/commands.service.ts';
import { targetOf } from '../commands/command-delivery.ts';
import { findPlanFeature } from '../accounts/accounts.service.ts';
import { TRACKING_INCLUDE_ID } from '../plans/plans.data.ts';
import { isUniqueViolation } from '../../lib/db/errors.ts';
import { preparedPerDatabase } from '../../lib/db/prepared.ts';

type TrackingRow = typeof trackings.$inferSelect;

/**
 * The points of some routes, oldest first. A page of routes holds hundreds of points: the database
 * writes each time as `toISOString()` would (UTC, milliseconds, `Z`), so no Date is made and read
 * back per point, and the statement is prepared once.
 */
const findRoutePoints = preparedPerDatabase((db) =>
  db
    .select({
      trackingId: trackingPoints.trackingId,
      lat: trackingPoints.lat,
      lng: trackingPoints.lng,
      at: sql<string>`to_char(${trackingPoints.recordedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(trackingPoints)
    .where(sql`${trackingPoints.trackingId} = any(${sql.placeholder('ids')}::integer[])`)
    .orderBy(asc(trackingPoints.id))
    .prepare('find_route_points'),
);

async function loadRoutes(ctx: AppContext, ids: number[]): Promise<Map<number, RoutePoint[]>> {
  const routes = new Map<number, RoutePoint[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return routes;
  for (const { trackingId, lat, lng, at } of await findRoutePoints(ctx.db).execute({ ids })) {
    routes.get(trackingId)!.push({ lat, lng, at });
  }
  return routes;
}

/**
 * One page of a phone's routes, the active one (ended_at null) first, then newest first, each row
 * with the phone's total: one round trip where a count and a page were two.
 */
const findTrackingPage = preparedPerDatabase((db) =>
  db
    .select({ ...getTableColumns(trackings), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(trackings)
    .where(eq(trackings.deviceId, sql.placeholder('deviceRowId')))
    .orderBy(desc(isNull(trackings.endedAt)), desc(trackings.createdAt), desc(trackings.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('find_tracking_page'),
);

function toTracking(row: TrackingRow, deviceId: string, route: RoutePoint[]): Tracking {
  return {
    id: row.id,
    device_id: deviceId,
    created_at: row.createdAt.toISOString(),
    ended_at: row.endedAt?.toISOString() ?? null,
    route,
  };
}

async function findActive(ctx: AppContext, deviceRowId: number) {
  const [row] = await ctx.db
    .select()
    .from(trackings)
    .where(and(eq(trackings.deviceId, deviceRowId), isNull(trackings.endedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * These phones' open routes, by phone: a reconnecting phone is told to go on with its own (commands'
 * `resume`, for every phone that connected in the same moment).
 */
export async function findOpenRouteIds(
  ctx: AppContext,
  deviceRowIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await ctx.db
    .select({ id: trackings.id, deviceId: trackings.deviceId })
    .from(trackings)
    .where(and(inArray(trackings.deviceId, deviceRowIds), isNull(trackings.endedAt)));
  return new Map(rows.map((row) => [row.deviceId, row.id]));
}

/**
 * The phone's open route, its newest `limit` points oldest first, or null while tracking is off:
 * the central follows it while it handles the phone's event (decision 062).
 */
export async function findOpenRoutePoints(ctx: AppContext, deviceRowId: number, limit: number) {
  const [route] = await ctx.db
    .select({ id: trackings.id })
    .from(trackings)
    .where(and(eq(trackings.deviceId, deviceRowId), isNull(trackings.endedAt)));
  if (!route) return null;
  const points = await ctx.db
    .select()
    .from(trackingPoints)
    .where(eq(trackingPoints.trackingId, route.id))
    .orderBy(desc(trackingPoints.id))
    .limit(limit);
  return points.reverse().map((p) => ({ lat: p.lat, lng: p.lng, at: p.recordedAt.toISOString() }));
}

/** Turning tracking on needs a plan that includes it (decision 012); turning it off never does. */
async function assertPlanIncludesTracking(ctx: AppContext, userId: number): Promise<void> {
  const { planName, isIncluded } = await findPlanFeature(ctx, userId, TRACKING_INCLUDE_ID);
  if (isIncluded) return;
  throw new AppError(
    'FEATURE_NOT_IN_PLAN',
    `Tu plan${planName ? ` ${planName}` : ''} no incluye el tracking en tiempo real. Actualiza tu plan en «Mis planes» para activarlo.`,
  );
}

export async function changeTrackingStatus(
  ctx: AppContext,
  userId: number,
  deviceId: string,
  status: 1 | 2,
  origin: ClientOrigin,
) {
  const device = await findUserDevice(ctx, userId, { deviceId });
  const target = targetOf(device);
  const active = await findActive(ctx, device.id);

  if (status === 1) {
    await assertPlanIncludesTracking(ctx, userId);
    if (active) {
      // already on: order the phone again (it may have lost its state); the route stays the same
      const command = await createCommand(ctx, target, 'trackingOn', { tracking_id: active.id });
      const routes = await loadRoutes(ctx, [active.id]);
      return { status: 1 as const, tracking: toTracking(active, deviceId, routes.get(active.id)!), command };
    }
    let row: TrackingRow;
    try {
      [row] = (await ctx.db
        .insert(trackings)
        .values({ deviceId: device.id, createdAt: ctx.now() })
        .returning()) as [TrackingRow];
    } catch (error) {
      // two clicks at once: the unique index keeps one active route; answer with it
      if (isUniqueViolation(error)) return changeTrackingStatus(ctx, userId, deviceId, status, origin);
      throw error;
    }
    const tracking = toTracking(row, deviceId, []);
    ctx.realtime.toUser(userId, 'trackingStarted', { device_id: deviceId, tracking });
    const command = await createCommand(ctx, target, 'trackingOn', { tracking_id: row.id });
    // a new route is what the owner reads in the activity (decision 036), with the phone's name
    await recordActivity(ctx, { userId, kind: 'tracking_ordered', origin, detail: device.deviceName });
    return { status: 1 as const, tracking, command };
  }

  if (!active) return { status: 2 as const, tracking: null, command: null };
  const [ended] = await ctx.db
    .update(trackings)
    .set({ endedAt: ctx.now() })
    .where(and(eq(trackings.id, active.id), isNull(trackings.endedAt)))
    .returning();
  if (!ended) return { status: 2 as const, tracking: null, command: null };
  ctx.realtime.toUser(userId, 'trackingEnded', { device_id: deviceId, tracking_id: ended.id });
  const command = await createCommand(ctx, target, 'trackingOff', { tracking_id: ended.id });
  const routes = await loadRoutes(ctx, [ended.id]);
  return { status: 2 as const, tracking: toTracking(ended, deviceId, routes.get(ended.id)!), command };
}

export async function listTrackings(
  ctx: AppContext,
  userId: number,
  deviceId: string,
  paging: { limit: number; page: number },
) {
  const device = await findUserDevice(ctx, userId, { deviceId });
  const rows = await findTrackingPage(ctx.db).execute({
    deviceRowId: device.id,
    limit: paging.limit,
    offset: (paging.page - 1) * paging.limit,
  });
  // a page past the end has no row to carry the total
  const total =
    rows[0]?.total ??
    (paging.page > 1 ? await ctx.db.$count(trackings, eq(trackings.deviceId, device.id)) : 0);
  // the active route sorts first: on the first page it is there already, or there is none
  const active =
    paging.page === 1 ? (rows[0]?.endedAt === null ? rows[0] : null) : await findActive(ctx, device.id);
  const ids = [...new Set([...rows.map((row) => row.id), ...(active ? [active.id] : [])])];
  const routes = await loadRoutes(ctx, ids);
  return {
    tracking: rows.map((row) => toTracking(row, deviceId, routes.get(row.id)!)),
    total_trackings: total,
    active: active ? toTracking(active, deviceId, routes.get(active.id)!) : null,
  };
}

/**
 * A phone's points for one of its routes, refused as a whole once the route ended or when a point's
 * time is not within it (give or take TRACKING_POINT_CLOCK_SKEW_MS). One statement stores them and
 * checks the route, so the usual case is one round trip (bench/tracking: ingest is bound by the
 * database); only a refusal asks again, to say why.
 */
export async function addRoutePoints(
  ctx: AppContext,
  auth: DeviceAuth,
  trackingId: number,
  points: RoutePoint[],
) {
  const times = points.map((point) => Date.parse(point.at));
  const isoTimes = times.map((time) => new Date(time).toISOString());
  if (Math.max(...times) > ctx.now().getTime() + TRACKING_POINT_CLOCK_SKEW_MS) {
    throw new AppError(
      'VALIDATION',
      'La hora de un punto de ruta es posterior a la actual: revisa la hora del teléfono.',
    );
  }
  // a route that started after the earliest point (past the phone clock's margin) stores nothing
  const startedBy = new Date(Math.min(...times) + TRACKING_POINT_CLOCK_SKEW_MS);
  const values = sql.join(
    points.map(
      (point, index) =>
        sql`(${point.lat}::double precision, ${point.lng}::double precision, ${isoTimes[index]}::timestamptz)`,
    ),
    sql`, `,
  );
  // `for key share`: a route being deleted (its phone removed with its data) is waited for and then
  // found gone, so the points are refused as NOT_FOUND below; without it, the insert saw the route in
  // its snapshot and failed on the foreign key once the deletion committed (an INTERNAL)
  const stored = await ctx.db.execute(sql`
    insert into ${trackingPoints} (tracking_id, lat, lng, recorded_at)
    select ${trackings.id}, p.lat, p.lng, p.recorded_at
    from ${trackings}, (values ${values}) as p (lat, lng, recorded_at)
    where ${trackings.id} = ${trackingId} and ${trackings.deviceId} = ${auth.deviceRowId}
      and ${trackings.endedAt} is null and ${trackings.createdAt} <= ${startedBy.toISOString()}::timestamptz
    for key share of ${trackings}
    returning 1`);
  if (stored.rows.length === 0) {
    const [tracking] = await ctx.db
      .select({ endedAt: trackings.endedAt, createdAt: trackings.createdAt })
      .from(trackings)
      .where(and(eq(trackings.id, trackingId), eq(trackings.deviceId, auth.deviceRowId)))
      .limit(1);
    if (!tracking) throw new AppError('NOT_FOUND', 'No encontramos ese recorrido para este dispositivo.');
    if (tracking.endedAt) throw new AppError('TRACKING_ENDED');
    throw new AppError(
      'VALIDATION',
      'La hora de un punto de ruta es anterior al inicio del recorrido: revisa la hora del teléfono.',
    );
  }
  ctx.metrics.routePointsStored.inc(stored.rows.length);
  ctx.realtime.toUser(auth.userId, 'trackingPoints', {
    device_id: auth.deviceId,
    tracking_id: trackingId,
    points: points.map((point, index) => ({ lat: point.lat, lng: point.lng, at: isoTimes[index]! })),
  });
}
