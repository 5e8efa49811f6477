/**
 * Taking a phone off an account (decision 044). With the password (and the two-step code when on),
 * as before a wipe, one transaction ends what the phone left open, as each feature declares
 * (lib/personal-data.ts; decision 054: its orders, lost mode, its route; an open SOS ends just
 * before), then revokes the phone's token and frees its place in the plan: with `delete_data` the row
 * is deleted, and with it, by their foreign keys, its reports, routes, orders and SOS alerts; without
 * it the row stays, marked removed, holding them. After the commit the `deviceRemoved` event closes
 * the phone's connections (on every server process) and the deleted files leave the store.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { BodyOf, removeDevice } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserAuth } from '../../lib/http/routes.ts';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import type { ClientOrigin } from '../../lib/http/client-origin.ts';
import type { PhoneToRemove } from '../../lib/personal-data.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { sendSecurityNotice } from '../activity/security-notice.ts';
import { requirePasswordAgain } from '../two-factor/password-check.ts';
import { deliverEventsSoon } from '../../lib/outbox/outbox.ts';
import { releaseStoredFiles } from '../../lib/storage/released-files.ts';
import { devices } from '../devices/devices.schema.ts';
import { findUserDevice, retireDevice } from '../devices/devices.service.ts';

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
  const phone: PhoneToRemove = {
    deviceRowId: device.id,
    userId,
    deleteData: options.deleteData,
    now: ctx.now(),
  };
  const parts = ctx.personalData.flatMap((data) => (data.phoneRemoval ? [data.phoneRemoval] : []));
  for (const part of parts) await part.before?.(ctx, phone);

  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.id, device.id), isNull(devices.removedAt)))
      .for('update');
    // removed by another request of the owner a moment ago
    if (!row) throw new AppError('NOT_FOUND', 'No encontramos ese dispositivo.');
    await options.inTransaction?.(tx);
    for (const part of parts) await part.end?.(tx, phone, ctx);
    if (phone.deleteData) {
      const keys: string[] = [];
      for (const part of parts) if (part.files) keys.push(...(await part.files(tx, phone)));
      // released like a deleted account's files: removed after the commit, tried again until gone
      await releaseStoredFiles(ctx, tx, keys);
    }
    await retireDevice(tx, device.id, phone);
    await recordActivity(ctx, { userId, kind: 'device_removed', origin, detail: device.deviceName }, tx);
  });

  // the token is gone: the phone is told and cut off (devices.events.ts)
  await ctx.events.emit('deviceRemoved', { userId, deviceRowId: device.id, deviceId: device.deviceId });
  if (phone.deleteData) deliverEventsSoon(ctx, 'storedFilesReleased');
  ctx.background.run('device removed notice', () =>
    sendSecurityNotice(ctx, { userId, kind: 'device_removed', origin, detail: device.deviceName }),
  );
}
