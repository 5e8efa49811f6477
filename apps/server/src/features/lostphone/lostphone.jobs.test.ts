import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { userWithPhone } from '../../../test/sockets.ts';
import { lostReports } from './lostphone.schema.ts';
import { deleteOldLostReportsJob } from './lostphone.jobs.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);

async function report(deviceId: number, name: string, daysAgo: number) {
  const imageKey = `lost-reports/${deviceId}/${name}.jpg`;
  await app.ctx.storage.put(imageKey, JPEG);
  await app.ctx.db.insert(lostReports).values({
    deviceId,
    lat: -33.4,
    lng: -70.6,
    imageKey,
    createdAt: new Date(app.clock.now.getTime() - daysAgo * DAY_MS),
  });
  return imageKey;
}
const keysOf = async (deviceId: number) =>
  (
    await app.ctx.db
      .select({ key: lostReports.imageKey })
      .from(lostReports)
      .where(eq(lostReports.deviceId, deviceId))
  )
    .map((row) => row.key)
    .sort();

it('removes lost-mode reports older than RETENTION_DAYS (365) with their photos, keeping recent ones', async () => {
  const ana = await userWithPhone(app);
  const old = await report(ana.internalId, 'old', 400);
  const recent = await report(ana.internalId, 'recent', 300);

  await deleteOldLostReportsJob.run(app.ctx);

  expect(await keysOf(ana.internalId)).toEqual([recent]);
  expect(await app.storedFiles(`lost-reports/${ana.internalId}`)).toEqual([recent]);
  expect(await app.readStored(old)).toBeNull();
});

it('keeps the row of a photo it could not remove, and removes both at a later run', async () => {
  const bea = await userWithPhone(app);
  const stuck = await report(bea.internalId, 'stuck', 400);
  // the photo cannot be removed: something the storage cannot delete sits where it is
  const file = path.join(app.dataDir, 'files', ...stuck.split('/'));
  await fs.rm(file);
  await fs.mkdir(path.join(file, 'held'), { recursive: true });

  await expect(deleteOldLostReportsJob.run(app.ctx)).rejects.toThrow(/could not be removed/);
  expect(await keysOf(bea.internalId)).toEqual([stuck]);

  // the storage works again: the retry removes the photo, then its row
  await fs.rm(file, { recursive: true });
  await fs.writeFile(file, JPEG);
  await deleteOldLostReportsJob.run(app.ctx);
  expect(await keysOf(bea.internalId)).toEqual([]);
  expect(await app.storedFiles(`lost-reports/${bea.internalId}`)).toEqual([]);
});
