/**
 * The last known position of each of an account's phones (issue 30 item 3): the newer of its newest
 * lost-mode report and the newest point of its newest route that has one. One query for all the
 * account's phones, each part read through its index (lost_reports_device_idx, trackings_device_idx,
 * tracking_points_tracking_idx), so userDetails stays one round trip more, whatever the history; a
 * prepared statement, so PostgreSQL does not parse and plan it on every call (bench/RESULTS.md).
 */
import { eq, getTableName, sql } from 'drizzle-orm';
import type { LastPosition } from '@escudo/contract';
import type { AppContext } from '../lib/context.ts';
import { preparedPerDatabase } from '../lib/db/prepared.ts';
import { devices } from '../devices/devices.schema.ts';
import { lostReports } from '../lostphone/lostphone.schema.ts';
import { trackingPoints, trackings } from '../tracking/tracking.schema.ts';

/** device row id → its last known position; a phone without any is left out */
export async function findLastPositions(ctx: AppContext, userId: number): Promise<Map<number, LastPosition>> {
  const rows = await findLastPositionRows(ctx.db).execute({ userId });
  const positions = new Map<number, LastPosition>();
  for (const { deviceRowId, position } of rows) {
    if (!position) continue;
    positions.set(deviceRowId, {
      lat: Number(position.lat),
      lng: Number(position.lng),
      at: new Date(Number(position.at_ms)).toISOString(),
      source: position.source,
    });
  }
  return positions;
}

interface PositionJson {
  lat: number;
  lng: number;
  at_ms: number;
  source: LastPosition['source'];
}

// the outer row's id, qualified: drizzle leaves the table out of a one-table select's columns, and a
// bare "id" inside the subqueries would be theirs
const outerDeviceId = sql.raw(`"${getTableName(devices)}"."id"`);

// a prepared statement (it runs on every userDetails): parsed and planned once per connection.
// Points of a route arrive in order (a batch after being offline comes before newer ones), so its
// highest id is its newest; the route's own newest point, not every point of every route, is read
const findLastPositionRows = preparedPerDatabase((db) =>
  db
    .select({
      deviceRowId: devices.id,
      position: sql<PositionJson | null>`(
        select json_build_object('lat', p.lat, 'lng', p.lng, 'source', p.source,
          'at_ms', (extract(epoch from p.at) * 1000)::float8)
        from (
          (select r.lat, r.lng, r.created_at as at, 'lost_report' as source
            from ${lostReports} r where r.device_id = ${outerDeviceId}
            order by r.created_at desc limit 1)
          union all
          (select tp.lat, tp.lng, tp.recorded_at as at, 'route_point' as source
            from ${trackings} t
            cross join lateral (
              select lat, lng, recorded_at from ${trackingPoints} pt
              where pt.tracking_id = t.id order by pt.id desc limit 1
            ) tp
            where t.device_id = ${outerDeviceId}
            order by t.created_at desc, t.id desc limit 1)
        ) p
        order by p.at desc limit 1
      )`,
    })
    .from(devices)
    .where(eq(devices.userId, sql.placeholder('userId')))
    .prepare('find_last_positions'),
);
