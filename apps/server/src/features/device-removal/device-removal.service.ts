/**
 * Taking a phone off an account (issue 30 item 2; decision 044). With the password (and the two-step
 * code when on), as before a wipe, one transaction revokes the phone's token, cancels its open orders,
 * ends its open route, turns lost mode off and frees its place in the plan (an open SOS is ended just
 * before): with `delete_data` the row is deleted, and with it, by their foreign keys, its reports,
 * routes, orders and SOS alerts; without it the
 * row stays, marked removed, holding them. After the commit the phone's connections are closed (on
 * every server process) and the deleted photos are removed from the store.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { BodyOf, removeDevice } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserAuth } from '../../lib/http/routes.ts';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import type { ClientOrigin } from '../../lib/http/client-origin.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { alerts } from '../alerts/alerts.schema.ts';
import { closeAlert } from '../alerts/alerts.service.ts';
import { sendSecurityNotice } from '../activity/security-notice.ts';
import { requirePasswordAgain } from '../two-factor/password-check.ts';
import { openStates } from '../commands/command-delivery.ts';
import { deviceCommands } from '../commands/commands.schema.ts';
import { deletionPendingFiles } from '../deletion/deletion.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { findUserDevice } from '../devices/devices.service.ts';
import { lostReports } from '../lostphone/lostphone.schema.ts';
import { trackings } from '../tracking/tracking.schema.ts';

/** why the phone's open orders were cancelled, as the order's reason */
const REMOVED_REASON = 'Dispositivo quitado de la cuenta';

export async function removeUserDevice(
  ctx: AppContext,
  auth: UserAuth,
  body: BodyOf<typeof removeDevice>,
  origin: ClientOrigin,
) {
  // another user's phone, or one already removed, is NOT_FOUND before any password is tried
  const device = await findUserDevice(ctx, auth.userId, { deviceId: body.device_id });
  // the password, and with two-step sign-in on a code, as before a wipe (without opening its window)
  const forgiveTries = await requirePasswordAgain(ctx, auth, {
    password: body.password,
    code: body.code,
    secondStep: true,
  });
  await takeDeviceOff(ctx, auth.userId, device, {
    deleteData: body.delete_data,
    origin,
    inTransaction: forgiveTries,
  });
  return { status: 'removed' as const };
}

/**
 * The removal itself, once the caller knows the owner asked for it: the panel's removal after the
 * password, or the review of a reclaimed account (account-review/, decision 050), whose owner answered
 * that the phone is not theirs. `inTransaction` runs in the removal's transaction.
 */
export async function takeDeviceOff(
  ctx: AppContext,
  userId: number,
  device: { id: number; deviceId: string; deviceName: string },
  options: {
    deleteData: boolean;
    origin: ClientOrigin;
    inTransaction?: (tx: DbOrTransaction) => Promise<void>;
  },
): Promise<void> {
  const { origin } = options;
  // an SOS still open ends first, through the alerts feature, so that the owner's and the network's
  // panels are told: the removed phone could no longer end it
  const [openSos] = await ctx.db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.deviceId, device.id), isNull(alerts.endedAt)));
  if (openSos) await closeAlert(ctx, { deviceRowId: device.id }, openSos.id);

  const now = ctx.now();
  const photoKeys = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.id, device.id), isNull(devices.removedAt)))
      .for('update');
    // removed by another request of the owner a moment ago
    if (!row) throw new AppError('NOT_FOUND', 'No encontramos ese dispositivo.');
    await options.inTransaction?.(tx);
    await tx
      .update(deviceCommands)
      .set({ state: 'cancelled', reason: REMOVED_REASON, payload: {}, updatedAt: now })
      .where(and(eq(deviceCommands.deviceId, device.id), inArray(deviceCommands.state, openStates)));
    await tx
      .update(trackings)
      .set({ endedAt: now })
      .where(and(eq(trackings.deviceId, device.id), isNull(trackings.endedAt)));
    let keys: string[] = [];
    if (options.deleteData) {
      const photos = await tx
        .select({ key: lostReports.imageKey })
        .from(lostReports)
        .where(eq(lostReports.deviceId, device.id));
      keys = photos.map((photo) => photo.key);
      // queued like a deleted account's files: one that cannot be removed now is tried again by the
      // deletion sweep (deletion.jobs.ts)
      if (keys.length > 0) {
        await tx
          .insert(deletionPendingFiles)
          .values(keys.map((storageKey) => ({ storageKey })))
          .onConflictDoNothing();
      }
      // its reports, routes (with their points), orders and SOS alerts go with it (ON DELETE CASCADE)
      await tx.delete(devices).where(eq(devices.id, device.id));
    } else {
      await tx
        .update(devices)
        .set({ tokenHash: null, removedAt: now, lost: false, lostReportsBookedUntil: null, updatedAt: now })
        .where(eq(devices.id, device.id));
    }
    await recordActivity(ctx, { userId, kind: 'device_removed', origin, detail: device.deviceName }, tx);
    return keys;
  });

  // the token is gone: the phone is told, then its connections close now, on whichever process holds
  // them, and stay closed
  ctx.realtime.toDevice(device.id, 'deviceRemoved', {});
  ctx.realtime.disconnectDevice(device.id);
  ctx.realtime.toUser(userId, 'presence', { device_id: device.deviceId, online: false });
  await removePhotos(ctx, photoKeys);
  ctx.background.run('device removed notice', () =>
    sendSecurityNotice(ctx, { userId, kind: 'device_removed', origin, detail: device.deviceName }),
  );
}

/** Each photo removed, then its queue row; one that fails stays queued for the deletion sweep. */
async function removePhotos(ctx: AppContext, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await ctx.storage.delete(key);
      await ctx.db.delete(deletionPendingFiles).where(eq(deletionPendingFiles.storageKey, key));
    } catch (error) {
      ctx.log.warn(
        { err: error, key },
        'a removed phone’s photo could not be removed; the sweep tries again',
      );
    }
  }
}
