/**
 * The last known position of each of an account's phones (decision 042): the newer of its newest
 * lost-mode report and the newest point of its newest route that has one. A correlated subquery of
 * the user details query (users.service.ts), one JSON value per phone, already in the panel's shape,
 * each part read through its index (lost_reports_device_idx, trackings_device_idx,
 * tracking_points_tracking_idx): user details stays two round trips, the session and itself, whatever
 * the history (bench/RESULTS.md).
 */
import { isoText } from '../../lib/db/plain-query.ts';

/**
 * The subquery for the phone whose row id is `deviceRowId` (a qualified column of the outer query).
 * Points of a route arrive in order (a batch after being offline comes before newer ones), so its
 * highest id is its newest; the route's own newest point, not every point of every route, is read.
 */
export function lastPositionSql(deviceRowId: string): string {
  return `(
  select json_build_object('lat', p.lat, 'lng', p.lng, 'at', ${isoText('p.at')}, 'source', p.source)
  from (
    (select r.lat, r.lng, r.created_at as at, 'lost_report' as source
      from lost_reports r where r.device_id = ${deviceRowId}
      order by r.created_at desc limit 1)
    union all
    (select tp.lat, tp.lng, tp.recorded_at as at, 'route_point' as source
      from trackings t
      cross join lateral (
        select lat, lng, recorded_at from tracking_points pt
        where pt.tracking_id = t.id order by pt.id desc limit 1
      ) tp
      where t.device_id = ${deviceRowId}
      order by t.created_at desc, t.id desc limit 1)
  ) p
  order by p.at desc limit 1
)`;
}
