/**
 * Lost mode and its reports, lock and wipe orders (spec 2, 4, 7; decision 007). Reports are bounded so one
 * phone cannot fill the disk (decision 011): only in lost mode, paced, and a bounded number kept.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  FILE_URL_TTL_MS,
  LOST_INFO_MAX_ITEMS,
  LOST_REPORT_BURST,
  LOST_REPORT_IMAGE_MAX_BYTES,
  LOST_REPORT_MIN_INTERVAL_MS,
  WIPE_PASSWORD_CONFIRM_WINDOW_MS,
  type BodyOf,
  type CommandType,
  type LostPhoneConfigItem,
  type LostPhoneInfoItem,
  type lostPhoneReport,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { deliverEventsSoon } from '../../lib/outbox/outbox.ts';
import { AppError } from '../../lib/app-error.ts';
import { devices } from '../devices/devices.schema.ts';
import { lostReports } from './lostphone.schema.ts';
import { users } from '../accounts/accounts.schema.ts';
import type { DeviceAuth } from '../../lib/http/routes.ts';
import { findUserDevice, listUserDevices } from '../devices/devices.service.ts';
import { giveOrder, relayOrder, storeOrder, type OwnerOrder } from '../commands/give-order.ts';
import type { ClientOrigin } from '../../lib/http/client-origin.ts';
import { activityColumns } from '../activity/activity.service.ts';
import type { ServerEvents } from '../../lib/events.ts';

type DeviceRow = Awaited<ReturnType<typeof findUserDevice>>;
const toConfigItem = (device: Pick<DeviceRow, 'id' | 'deviceId' | 'lost'>): LostPhoneConfigItem => ({
  id: device.id,
  device_id: device.deviceId,
  lost: device.lost,
});

export async function getLostData(ctx: AppContext, userId: number) {
  return { config: (await listUserDevices(ctx, userId)).map(toConfigItem) };
}

/** spec 6: lock, lost mode and wipe exist on Android only; the panel hides them for an iPhone. */
const ORDERABLE_SYSTEMS = ['android'] as const;

function assertAndroid(device: DeviceRow): void {
  if (!(ORDERABLE_SYSTEMS as readonly string[]).includes(device.deviceSo)) {
    throw new AppError('DEVICE_NOT_SUPPORTED');
  }
}

type OrderNoticeKind = ServerEvents['orderNoticeDue']['kind'];

/**
 * An owner's order (decision 036, amended by 058 and 061), given through commands/give-order.ts (its
 * limits, the waiting one of its kind replaced). An order the owner should know about (`notice`)
 * gets a line in the account's activity and, when one is due, the security e-mail's durable event
 * (lostphone/order-notice.ts sends it through the job queue), both in the order's own transaction:
 * no order, a wipe least of all, waits for the mail server, and a process that dies after the
 * commit loses no e-mail.
 */
function ownerOrder(
  userId: number,
  deviceId: string,
  order: { type: CommandType; pin?: string },
  notice: { kind: OrderNoticeKind; origin: ClientOrigin } | null,
  now: Date,
): OwnerOrder {
  return {
    userId,
    deviceId,
    systems: ORDERABLE_SYSTEMS,
    type: order.type,
    payload: order.pin === undefined ? {} : { pin: order.pin },
    announce: notice && {
      activity: activityColumns({ userId, kind: notice.kind, origin: notice.origin }),
      notice: { userId, kind: notice.kind, origin: notice.origin, at: now.toISOString() },
    },
  };
}

export async function orderLostMode(
  ctx: AppContext,
  userId: number,
  deviceId: string,
  on: boolean,
  origin: ClientOrigin,
) {
  // turning lost mode off is not something to warn about
  const notice = on ? { kind: 'lost_mode_ordered' as const, origin } : null;
  const order = ownerOrder(userId, deviceId, { type: on ? 'lostOn' : 'lostOff' }, notice, ctx.now());
  if (!on) return { command: await giveOrder(ctx, order) };
  // the central hears of a phone put in lost mode at once, a phone switched off by a thief included
  // (decision 062), from the order's own transaction: a process that dies after the commit loses none
  const stored = await ctx.db.transaction(async (tx) => {
    const given = await storeOrder(ctx, order, tx);
    await ctx.events.record(tx, 'lostModeOrdered', { userId, deviceRowId: given.target.deviceRowId });
    return given;
  });
  deliverEventsSoon(ctx, 'lostModeOrdered');
  return { command: relayOrder(ctx, stored) };
}

export async function orderLock(
  ctx: AppContext,
  userId: number,
  deviceId: string,
  pin: string,
  origin: ClientOrigin,
) {
  const notice = { kind: 'lock_ordered' as const, origin };
  return {
    command: await giveOrder(ctx, ownerOrder(userId, deviceId, { type: 'lock', pin }, notice, ctx.now())),
  };
}

/**
 * A wipe cannot be undone: it needs a recent password confirmation (validatePass), spent by one wipe
 * in the order's transaction. The device and the limits are checked first (a refused wipe stores
 * nothing), and a wipe without the confirmation is rolled back, so a refused wipe does not spend it.
 */
export async function orderWipe(ctx: AppContext, userId: number, deviceId: string, origin: ClientOrigin) {
  const since = new Date(ctx.now().getTime() - WIPE_PASSWORD_CONFIRM_WINDOW_MS);
  const order = ownerOrder(userId, deviceId, { type: 'wipe' }, { kind: 'wipe_ordered', origin }, ctx.now());
  const stored = await ctx.db.transaction(async (tx) => {
    const given = await storeOrder(ctx, order, tx);
    const spent = await tx
      .update(users)
      .set({ passwordConfirmedAt: null })
      .where(and(eq(users.id, userId), gt(users.passwordConfirmedAt, since)))
      .returning({ id: users.id });
    if (spent.length === 0) throw new AppError('PASSWORD_CONFIRMATION_REQUIRED');
    return given;
  });
  return { command: relayOrder(ctx, stored) };
}

/**
 * spec 4: the panel "records" lost mode once the phone answered. Kept for the spec, it only checks the
 * request and answers lost mode as is: its one writer is the phone (recordCommandResult).
 */
export async function changeLostStatus(ctx: AppContext, userId: number, internalId: number, lost: boolean) {
  const device = await findUserDevice(ctx, userId, { internalId });
  if (lost) assertAndroid(device);
  return { config: toConfigItem(device) };
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

/**
 * Books one lost-mode report, or refuses: lost mode off, or beyond LOST_REPORT_BURST reports closer
 * than one a minute. One conditional UPDATE checks and books (a "generic cell rate" pace): serialised
 * per device row by the database, it holds for reports sent at once, by several processes, and across
 * restarts.
 */
async function bookLostReport(ctx: AppContext, deviceRowId: number): Promise<void> {
  const now = ctx.now();
  const at = sql`${now.toISOString()}::timestamptz`;
  const from = sql`greatest(coalesce(${devices.lostReportsBookedUntil}, ${at}), ${at})`;
  const interval = (ms: number) => sql`(${ms}::integer * interval '1 millisecond')`;
  const aheadAllowedMs = (LOST_REPORT_BURST - 1) * LOST_REPORT_MIN_INTERVAL_MS;
  const booked = await ctx.db
    .update(devices)
    .set({ lostReportsBookedUntil: sql`${from} + ${interval(LOST_REPORT_MIN_INTERVAL_MS)}` })
    .where(
      and(
        eq(devices.id, deviceRowId),
        eq(devices.lost, true),
        sql`${from} <= ${at} + ${interval(aheadAllowedMs)}`,
      ),
    )
    .returning({ id: devices.id });
  if (booked.length > 0) return;

  const [device] = await ctx.db
    .select({ lost: devices.lost, bookedUntil: devices.lostReportsBookedUntil })
    .from(devices)
    .where(eq(devices.id, deviceRowId));
  if (!device?.lost) throw new AppError('LOST_MODE_OFF');
  const waitMs = (device.bookedUntil?.getTime() ?? now.getTime()) - aheadAllowedMs - now.getTime();
  const retryAfterS = Math.max(1, Math.ceil(waitMs / 1000));
  throw new AppError(
    'RATE_LIMITED',
    `Demasiados reportes de modo pérdida: como máximo uno por minuto. Inténtalo nuevamente en ${retryAfterS} s.`,
    undefined,
    { retryAfterS },
  );
}

/**
 * Keeps a phone's newest LOST_REPORT_MAX_PHOTOS_PER_DEVICE reports: rows go first, so none points at a
 * removed photo; a failed removal is only logged (an orphan costs disk, not correctness). Each pruning
 * removes the photos its own DELETE returned, so two at once remove every photo once.
 */
async function pruneLostReports(ctx: AppContext, deviceRowId: number): Promise<void> {
  const beyondBound = ctx.db
    .select({ id: lostReports.id })
    .from(lostReports)
    .where(eq(lostReports.deviceId, deviceRowId))
    .orderBy(desc(lostReports.createdAt), desc(lostReports.id))
    .offset(ctx.env.LOST_REPORT_MAX_PHOTOS_PER_DEVICE);
  const removed = await ctx.db
    .delete(lostReports)
    .where(and(eq(lostReports.deviceId, deviceRowId), inArray(lostReports.id, beyondBound)))
    .returning({ imageKey: lostReports.imageKey });
  await Promise.all(
    removed.map(({ imageKey }) =>
      ctx.storage.delete(imageKey).catch((error: unknown) => {
        ctx.log.warn({ err: error, key: imageKey }, 'could not remove the photo of a pruned lost report');
      }),
    ),
  );
}

/** A phone in lost mode reports its position and a photo; booked (bookLostReport) before it is read. */
export async function storeLostReport(
  ctx: AppContext,
  auth: DeviceAuth,
  input: BodyOf<typeof lostPhoneReport>,
): Promise<{ info: LostPhoneInfoItem }> {
  await bookLostReport(ctx, auth.deviceRowId);
  const image = Buffer.from(input.image, 'base64');
  if (image.length > LOST_REPORT_IMAGE_MAX_BYTES) {
    throw new AppError('IMAGE_INVALID', 'La imagen no puede superar los 5 MB.');
  }
  if (!isJpeg(image)) throw new AppError('IMAGE_INVALID');
  const key = `lost-reports/${auth.deviceRowId}/${randomUUID()}.jpg`;
  await ctx.storage.put(key, image);
  const row = await ctx.db
    .insert(lostReports)
    .values({
      deviceId: auth.deviceRowId,
      lat: input.lat,
      lng: input.lng,
      imageKey: key,
      createdAt: ctx.now(),
    })
    .returning()
    .then(([inserted]) => inserted!)
    .catch(async (error: unknown) => {
      // no row will ever point at this photo
      await ctx.storage.delete(key).catch(() => undefined);
      throw error;
    });
  await pruneLostReports(ctx, auth.deviceRowId);
  const info = toInfoItem(ctx, row);
  ctx.realtime.toUser(auth.userId, 'lostReport', { device_id: auth.deviceId, info });
  return { info };
}
