/**
 * Remote protection of a lost or stolen phone (spec 2, 4, 7; issue 3): lost mode and its reports,
 * lock and wipe orders. Every call first checks that the device is the caller's (403 otherwise,
 * nothing sent); orders become commands (commands.service.ts) that reach the phone in realtime.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import {
  FILE_URL_TTL_MS,
  LOST_INFO_MAX_ITEMS,
  LOST_REPORT_IMAGE_MAX_BYTES,
  WIPE_PASSWORD_CONFIRM_WINDOW_MS,
  type BodyOf,
  type LostPhoneConfigItem,
  type LostPhoneInfoItem,
  type lostPhoneReport,
} from '@escudo/contract';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { devices, lostReports, users } from '../lib/db/schema.ts';
import type { DeviceAuth } from '../lib/http/routes.ts';
import { findUserDevice, listUserDevices } from '../devices/devices.service.ts';
import { createCommand } from '../commands/commands.service.ts';

type DeviceRow = Awaited<ReturnType<typeof findUserDevice>>;
const targetOf = (device: DeviceRow) => ({
  deviceRowId: device.id,
  userId: device.userId,
  deviceId: device.deviceId,
});
const toConfigItem = (device: Pick<DeviceRow, 'id' | 'deviceId' | 'lost'>): LostPhoneConfigItem => ({
  id: device.id,
  device_id: device.deviceId,
  lost: device.lost,
});

export async function getLostData(ctx: AppContext, userId: number) {
  return { config: (await listUserDevices(ctx, userId)).map(toConfigItem) };
}

export async function orderLostMode(ctx: AppContext, userId: number, deviceId: string, on: boolean) {
  const device = await findUserDevice(ctx, userId, { deviceId });
  return { command: await createCommand(ctx, targetOf(device), on ? 'lostOn' : 'lostOff') };
}

export async function orderLock(ctx: AppContext, userId: number, deviceId: string, pin: string) {
  const device = await findUserDevice(ctx, userId, { deviceId });
  return { command: await createCommand(ctx, targetOf(device), 'lock', { pin }) };
}

/**
 * A wipe cannot be undone: it needs the password confirmed (validatePass) within the last
 * WIPE_PASSWORD_CONFIRM_WINDOW_MS, and each confirmation is spent by one wipe.
 */
export async function orderWipe(ctx: AppContext, userId: number, deviceId: string) {
  const device = await findUserDevice(ctx, userId, { deviceId });
  const since = new Date(ctx.now().getTime() - WIPE_PASSWORD_CONFIRM_WINDOW_MS);
  const spent = await ctx.db
    .update(users)
    .set({ passwordConfirmedAt: null })
    .where(and(eq(users.id, userId), gt(users.passwordConfirmedAt, since)))
    .returning({ id: users.id });
  if (spent.length === 0) throw new AppError('PASSWORD_CONFIRMATION_REQUIRED');
  return { command: await createCommand(ctx, targetOf(device), 'wipe') };
}

/** Records lost mode as the phone carried it out (commandResult done of lostOn / lostOff). */
export async function setLostFlag(ctx: AppContext, deviceRowId: number, lost: boolean) {
  await ctx.db.update(devices).set({ lost, updatedAt: ctx.now() }).where(eq(devices.id, deviceRowId));
}

/** spec 4: once the phone answered, the panel records lost mode on or off (internal device id). */
export async function changeLostStatus(ctx: AppContext, userId: number, internalId: number, lost: boolean) {
  const device = await findUserDevice(ctx, userId, { internalId });
  const [updated] = await ctx.db
    .update(devices)
    .set({ lost, updatedAt: ctx.now() })
    .where(eq(devices.id, device.id))
    .returning();
  return { config: toConfigItem(updated!) };
}

function toInfoItem(ctx: AppContext, row: typeof lostReports.$inferSelect): LostPhoneInfoItem {
  return {
    id: row.id,
    position: { lat: row.lat, lng: row.lng },
    image: row.imageKey.split('/').pop()!,
    image_url: ctx.fileLinks.create(row.imageKey, FILE_URL_TTL_MS),
    created_at: row.createdAt.toISOString(),
  };
}

export async function getLostInfo(ctx: AppContext, userId: number, deviceId: string) {
  const device = await findUserDevice(ctx, userId, { deviceId });
  const rows = await ctx.db
    .select()
    .from(lostReports)
    .where(eq(lostReports.deviceId, device.id))
    .orderBy(desc(lostReports.createdAt), desc(lostReports.id))
    .limit(LOST_INFO_MAX_ITEMS);
  return { status: 200 as const, info: rows.map((row) => toInfoItem(ctx, row)) };
}

/** A JPEG starts with the SOI marker and a segment marker, and ends with EOI. */
function isJpeg(bytes: Buffer): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0xff &&
    bytes[1] === 0xd8 &&
    bytes[2] === 0xff &&
    bytes[bytes.length - 2] === 0xff &&
    bytes[bytes.length - 1] === 0xd9
  );
}

/** A phone in lost mode reports its position and a photo; the owner's panels hear it at once. */
export async function storeLostReport(
  ctx: AppContext,
  auth: DeviceAuth,
  input: BodyOf<typeof lostPhoneReport>,
): Promise<{ info: LostPhoneInfoItem }> {
  const image = Buffer.from(input.image, 'base64');
  if (image.length > LOST_REPORT_IMAGE_MAX_BYTES) {
    throw new AppError('IMAGE_INVALID', 'La imagen no puede superar los 5 MB.');
  }
  if (!isJpeg(image)) throw new AppError('IMAGE_INVALID');
  const key = `lost-reports/${auth.deviceRowId}/${randomUUID()}.jpg`;
  await ctx.storage.put(key, image);
  const [row] = await ctx.db
    .insert(lostReports)
    .values({
      deviceId: auth.deviceRowId,
      lat: input.lat,
      lng: input.lng,
      imageKey: key,
      createdAt: ctx.now(),
    })
    .returning();
  const info = toInfoItem(ctx, row!);
  ctx.realtime.toUser(auth.userId, 'lostReport', { device_id: auth.deviceId, info });
  return { info };
}
