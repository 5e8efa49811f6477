import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { userWithPhone } from '../../../test/sockets.ts';
import { trackingPoints, trackings } from './tracking.schema.ts';
import { deleteOldRoutePointsJob } from './tracking.jobs.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ RETENTION_DAYS: '30' });
});
afterAll(() => app.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(app.clock.now.getTime() - days * DAY_MS);

it('removes route points older than RETENTION_DAYS and routes ended before then, keeping the rest', async () => {
  const ana = await userWithPhone(app);
  const [oldRoute, openRoute] = await app.ctx.db
    .insert(trackings)
    .values([
      { deviceId: ana.internalId, createdAt: daysAgo(40), endedAt: daysAgo(39) },
      { deviceId: ana.internalId, createdAt: daysAgo(35), endedAt: null },
    ])
    .returning({ id: trackings.id });
  const point = (trackingId: number, days: number) => ({
    trackingId,
    lat: -33.4,
    lng: -70.6,
    recordedAt: daysAgo(days),
  });
  await app.ctx.db
    .insert(trackingPoints)
    .values([
      point(oldRoute!.id, 40),
      point(oldRoute!.id, 39),
      point(openRoute!.id, 31),
      point(openRoute!.id, 29),
      point(openRoute!.id, 1),
    ]);

  await deleteOldRoutePointsJob.run(app.ctx);

  const routes = await app.ctx.db
    .select({ id: trackings.id })
    .from(trackings)
    .where(inArray(trackings.id, [oldRoute!.id, openRoute!.id]));
  expect(routes).toEqual([{ id: openRoute!.id }]);
  const kept = await app.ctx.db
    .select({ recordedAt: trackingPoints.recordedAt })
    .from(trackingPoints)
    .where(eq(trackingPoints.trackingId, openRoute!.id));
  expect(kept.map((p) => p.recordedAt.getTime()).sort()).toEqual(
    [daysAgo(29).getTime(), daysAgo(1).getTime()].sort(),
  );

  // 30 days on, only the open route itself is left; running again changes nothing
  app.clock.advance(30 * DAY_MS);
  await deleteOldRoutePointsJob.run(app.ctx);
  await deleteOldRoutePointsJob.run(app.ctx);
  expect(
    await app.ctx.db.select().from(trackingPoints).where(eq(trackingPoints.trackingId, openRoute!.id)),
  ).toEqual([]);
  expect(
    await app.ctx.db.select({ id: trackings.id }).from(trackings).where(eq(trackings.id, openRoute!.id)),
  ).toHaveLength(1);
});
