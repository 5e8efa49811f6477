/**
 * The last known position of each of an account's phones (issue 30 item 3): the newer of its newest
 * lost-mode report and the newest point of its newest route that has one. One query for all the
 * account's phones, each part read through its index (lost_reports_device_idx, trackings_device_idx,
 * tracking_points_tracking_idx), so userDetails stays one round trip more, whatever the history.
 */
import { sql } from 'drizzle-orm';
import type { LastPosition } from '@escudo/contract';
import type { AppContext } from '../lib/context.ts';
import { devices } from '../devices/devices.schema.ts';
import { lostReports } from '../lostphone/lostphone.schema.ts';
import { trackingPoints, trackings } from '../tracking/tracking.schema.ts';

interface PositionRow extends Record<string, unknown> {
  device_row_id: number;
  lat: number;
  lng: number;
  at_ms: number | string;
  source: LastPosition['source'];
}

/** device row id → its last known position; a phone without any is left out */
export async function findLastPositions(ctx: AppContext, userId: number): Promise<Map<number, LastPosition>> {
  // points of a route arrive in order (a batch after being offline comes before newer ones), so its
  // highest id is its newest; the route's own newest point, not every point of every route, is read
  const result = await ctx.db.execute<PositionRow>(sql`
    select d.id as device_row_id, p.lat, p.lng, p.source,
      (extract(epoch from p.at) * 1000)::float8 as at_ms
    from ${devices} d
    cross join lateral (
      select * from (
        (select r.lat, r.lng, r.created_at as at, 'lost_report' as source
          from ${lostReports} r where r.device_id = d.id
          order by r.created_at desc limit 1)
        union all
        (select tp.lat, tp.lng, tp.recorded_at as at, 'route_point' as source
          from ${trackings} t
          cross join lateral (
            select lat, lng, recorded_at from ${trackingPoints} pt
            where pt.tracking_id = t.id order by pt.id desc limit 1
          ) tp
          where t.device_id = d.id
          order by t.created_at desc, t.id desc limit 1)
      ) candidates
      order by at desc limit 1
    ) p
    where d.user_id = ${userId}`);
  return new Map(
    result.rows.map((row) => [
      Number(row.device_row_id),
      {
        lat: Number(row.lat),
        lng: Number(row.lng),
        at: new Date(Number(row.at_ms)).toISOString(),
        source: row.source,
      },
    ]),
  );
}
