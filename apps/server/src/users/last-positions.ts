/**
 * The last known position of each of an account's phones (issue 30 item 3): the newer of its newest
 * lost-mode report and the newest point of its newest route that has one. A correlated subquery of
 * the user details query (users.service.ts), one JSON value per phone row, each part read through its
 * index (lost_reports_device_idx, trackings_device_idx, tracking_points_tracking_idx): user details
 * stays two round trips, the session and itself, whatever the history (bench/RESULTS.md).
 */
import { getTableName, sql } from 'drizzle-orm';
import type { LastPosition } from '@escudo/contract';
import { devices } from '../devices/devices.schema.ts';
import { lostReports } from '../lostphone/lostphone.schema.ts';
import { trackingPoints, trackings } from '../tracking/tracking.schema.ts';

/** what the subquery gives for one phone, or null when it has no position */
export interface LastPositionJson {
  lat: number;
  lng: number;
  at_ms: number;
  source: LastPosition['source'];
}

// the outer row's id, qualified: a bare "id" inside the subqueries would be theirs
const outerDeviceId = sql.raw(`"${getTableName(devices)}"."id"`);

/**
 * The phone's last position as a JSON value. Points of a route arrive in order (a batch after being
 * offline comes before newer ones), so its highest id is its newest; the route's own newest point,
 * not every point of every route, is read.
 */
export const lastPositionOfDevice = sql<LastPositionJson | null>`(
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
)`;

/** The panel's last position of a phone from the subquery's value. */
export function toLastPosition(position: LastPositionJson | null): LastPosition | null {
  if (!position) return null;
  return {
    lat: Number(position.lat),
    lng: Number(position.lng),
    at: new Date(Number(position.at_ms)).toISOString(),
    source: position.source,
  };
}
