import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ALERT_POSITION_MIN_INTERVAL_MS } from '@escudo/contract';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { userWithPhone } from '../../../test/sockets.ts';
import { alertPositions, alerts } from './alerts.schema.ts';
import { ALERT_POSITIONS_KEPT_AFTER_END_MS, deleteOldAlertPositionsJob } from './alerts.jobs.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const positionsOf = async (alertId: number) =>
  app.ctx.db.select().from(alertPositions).where(eq(alertPositions.alertId, alertId));

it("removes an alert's positions 30 days after it ended, keeping the alert and open or recent ones' positions", async () => {
  const ana = await userWithPhone(app);
  const eve = await userWithPhone(app);
  const open = async (who: typeof ana) =>
    (await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, who.deviceToken)).json()
      .alert_id as number;
  const ended = await open(ana);
  app.clock.advance(ALERT_POSITION_MIN_INTERVAL_MS);
  await app.post(
    '/api/device/alert/position',
    { alert_id: ended, lat: -33.46, lng: -70.67 },
    ana.deviceToken,
  );
  await app.post('/api/device/alert/close', { alert_id: ended }, ana.deviceToken);
  const stillOpen = await open(eve);
  expect(await positionsOf(ended)).toHaveLength(2);

  // a moment before the 30 days: nothing goes
  app.clock.advance(ALERT_POSITIONS_KEPT_AFTER_END_MS - 1000);
  await deleteOldAlertPositionsJob.run(app.ctx);
  expect(await positionsOf(ended)).toHaveLength(2);

  app.clock.advance(2000);
  await deleteOldAlertPositionsJob.run(app.ctx);
  expect(await positionsOf(ended)).toEqual([]);
  expect(await positionsOf(stillOpen)).toHaveLength(1);
  // the alert itself stays in the owner's history
  expect(await app.ctx.db.select({ id: alerts.id }).from(alerts).where(eq(alerts.id, ended))).toHaveLength(1);
});
