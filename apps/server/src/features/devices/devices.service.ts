/** Phones on an account; registering one gives its device token (docs/api.md "The phone's side"). */
import { and, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import {
  DEVICE_STATUS_MIN_INTERVAL_MS,
  type BodyOf,
  type Device,
  type PhoneStatus,
  type ServerToPanel,
  type registerDevice,
  type renameDevice,
} from '@escudo/contract';
import type { DeviceAuth } from '../../lib/http/routes.ts';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { preparedPerDatabase } from '../../lib/db/prepared.ts';
import { devices } from './devices.schema.ts';
import { planes } from '../plans/plans.schema.ts';
import { userPlans, users } from '../accounts/accounts.schema.ts';
import { createToken, hashToken } from '../../lib/crypto/tokens.ts';

type DeviceRow = Pick<
  typeof devices.$inferSelect,
  'id' | 'deviceId' | 'deviceBrand' | 'deviceName' | 'deviceModel' | 'deviceSo' | 'deviceSoversion'
>;

/** spec section 3: Device, as the panel and the phone see it */
export function toDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    device_id: row.deviceId,
    device_brand: row.deviceBrand,
    device_name: row.deviceName,
    device_model: row.deviceModel,
    device_so: row.deviceSo,
    device_soversion: row.deviceSoversion,
  };
}

/**
 * Adds a phone to the account, or updates one already on it and rotates its token. A phone on another
 * account is refused: moving it would let whoever holds a stolen phone detach it from its owner.
 */
export async function registerUserDevice(
  ctx: AppContext,
  userId: number,
  input: BodyOf<typeof registerDevice>,
) {
  const token = createToken();
  const values = {
    deviceBrand: input.device_brand,
    deviceName: input.device_name,
    deviceModel: input.device_model,
    deviceSo: input.device_so,
    deviceSoversion: input.device_soversion,
    tokenHash: hashToken(token),
    updatedAt: ctx.now(),
  };
  const device = await ctx.db.transaction(async (tx) => {
    // one registration at a time per account, so two phones at once cannot both take the last place
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [existing] = await tx
      .select({ id: devices.id, userId: devices.userId, isNamedByOwner: devices.isNamedByOwner })
      .from(devices)
      .where(and(eq(devices.deviceId, input.device_id), isNull(devices.removedAt)))
      .limit(1);
    if (existing && existing.userId !== userId) throw new AppError('DEVICE_TAKEN');
    // a name the owner chose in the panel stays (decision 044)
    const kept = { ...values, deviceName: undefined };
    if (existing) {
      const [updated] = await tx
        .update(devices)
        .set(existing.isNamedByOwner ? kept : values)
        .where(eq(devices.id, existing.id))
        .returning();
      return updated!;
    }
    const [limit] = await tx
      .select({ maxDevices: planes.maxDevices, planName: planes.name })
      .from(userPlans)
      .innerJoin(planes, eq(planes.id, userPlans.planId))
      .where(eq(userPlans.userId, userId));
    // a removed phone frees its place (decision 044)
    const registered = await tx.$count(devices, and(eq(devices.userId, userId), isNull(devices.removedAt)));
    const maxDevices = limit?.maxDevices ?? 0;
    if (registered >= maxDevices) {
      const what = maxDevices === 1 ? '1 dispositivo' : `${maxDevices} dispositivos`;
      throw new AppError(
        'DEVICE_LIMIT_REACHED',
        `Alcanzaste el máximo de ${what} de tu plan ${limit?.planName}. Actualiza tu plan para registrar otro teléfono.`,
      );
    }
    // the same phone removed from this account with its data kept comes back with its history
    const [removed] = await tx
      .select({ id: devices.id, isNamedByOwner: devices.isNamedByOwner })
      .from(devices)
      .where(
        and(eq(devices.userId, userId), eq(devices.deviceId, input.device_id), isNotNull(devices.removedAt)),
      )
      .orderBy(desc(devices.id))
      .limit(1);
    if (removed) {
      const [restored] = await tx
        .update(devices)
        .set({ ...(removed.isNamedByOwner ? kept : values), removedAt: null })
        .where(eq(devices.id, removed.id))
        .returning();
      return restored!;
    }
    const [created] = await tx
      .insert(devices)
      .values({ ...values, userId, deviceId: input.device_id, createdAt: ctx.now() })
      .returning();
    return created!;
  });
  // connections opened with the previous token end now: it must not receive commands (PINs) or
  // answer them once it has been replaced (docs/device-protocol.md section 1)
  ctx.realtime.disconnectDevice(device.id);
  return { device: toDevice(device), device_token: token };
}

/**
 * A device of this user, not removed. Another user's device is answered exactly as an unknown one (404, same
 * message; decision 012): a 403 would tell anyone whether an id is registered.
 */
/** a user's phone by one of its two identifiers, prepared: most calls about a phone start here */
const userDeviceBy = (column: typeof devices.deviceId | typeof devices.id, name: string) =>
  preparedPerDatabase((db) =>
    db
      .select()
      .from(devices)
      .where(
        and(
          eq(devices.userId, sql.placeholder('userId')),
          // a removed phone is unknown to every call of the panel (decision 044)
          isNull(devices.removedAt),
          eq(column, sql.placeholder('ref')),
        ),
      )
      .limit(1)
      .prepare(name),
  );
const findUserDeviceById = userDeviceBy(devices.deviceId, 'find_user_device_by_device_id');
const findUserDeviceByInternalId = userDeviceBy(devices.id, 'find_user_device_by_id');

export async function findUserDevice(
  ctx: AppContext,
  userId: number,
  ref: { deviceId: string } | { internalId: number },
) {
  const [row] = await ('deviceId' in ref
    ? findUserDeviceById(ctx.db).execute({ userId, ref: ref.deviceId })
    : findUserDeviceByInternalId(ctx.db).execute({ userId, ref: ref.internalId }));
  if (!row) throw new AppError('NOT_FOUND', 'No encontramos ese dispositivo.');
  return row;
}

export async function listUserDevices(ctx: AppContext, userId: number) {
  return ctx.db
    .select()
    .from(devices)
    .where(and(eq(devices.userId, userId), isNull(devices.removedAt)))
    .orderBy(devices.id);
}

/**
 * app/devices/rename: the name the panel shows. It is marked as the owner's, so the app registering
 * the phone again (which sends the phone's own name) does not undo it.
 */
export async function renameUserDevice(ctx: AppContext, userId: number, input: BodyOf<typeof renameDevice>) {
  const [row] = await ctx.db
    .update(devices)
    .set({ deviceName: input.name, isNamedByOwner: true, updatedAt: ctx.now() })
    .where(and(eq(devices.userId, userId), eq(devices.deviceId, input.device_id), isNull(devices.removedAt)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'No encontramos ese dispositivo.');
  return { device: toDevice(row) };
}

/** the columns of a phone's last state (decision 042) */
const stateColumns = {
  id: devices.id,
  userId: devices.userId,
  deviceId: devices.deviceId,
  lastSeenAt: devices.lastSeenAt,
  battery: devices.battery,
  charging: devices.charging,
  network: devices.network,
  statusAt: devices.statusAt,
};
type DeviceStateRow = Pick<
  typeof devices.$inferSelect,
  'deviceId' | 'lastSeenAt' | 'battery' | 'charging' | 'network' | 'statusAt'
>;

/** A phone's last state as the panel reads it; `online` is the realtime hub's to say (decision 042). */
export function toDeviceState(
  row: DeviceStateRow,
  online: boolean,
): Omit<ServerToPanel['deviceStatus'], 'device_id'> {
  return {
    online,
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
    battery: row.battery,
    charging: row.charging,
    network: row.network,
    status_at: row.statusAt?.toISOString() ?? null,
  };
}

function tellOwner(ctx: AppContext, row: DeviceStateRow & { userId: number }, online: boolean) {
  ctx.realtime.toUser(row.userId, 'deviceStatus', { device_id: row.deviceId, ...toDeviceState(row, online) });
}

/**
 * These phones connected: their last connection is now, and their owners' panels are told. One
 * UPDATE for all the phones that connected in the same moment (decision 059).
 */
export async function markDevicesConnected(ctx: AppContext, deviceRowIds: readonly number[]) {
  const rows = await ctx.db
    .update(devices)
    .set({ lastSeenAt: ctx.now() })
    .where(inArray(devices.id, [...new Set(deviceRowIds)]))
    .returning(stateColumns);
  // a phone whose account was deleted meanwhile has no row left: nobody to tell
  for (const row of rows) tellOwner(ctx, row, true);
}

/**
 * The phone disconnected: its last connection is now, and its owner's panels are told whether it is
 * still connected (to any process: another link of it may still be up).
 */
export async function markDeviceDisconnected(ctx: AppContext, deviceRowId: number) {
  const [row] = await ctx.db
    .update(devices)
    .set({ lastSeenAt: ctx.now() })
    .where(eq(devices.id, deviceRowId))
    .returning(stateColumns);
  if (!row) return;
  tellOwner(ctx, row, await ctx.realtime.isDeviceOnline(deviceRowId));
}

/**
 * Stores the phone's `status` and tells its owner's panels. A change of charging or network (or of
 * whether the battery is known) is stored at once; a battery-only change at most once a minute
 * (DEVICE_STATUS_MIN_INTERVAL_MS), one conditional UPDATE deciding across processes. The same
 * values again within the minute change nothing and are answered ok; a faster battery change is
 * refused RATE_LIMITED, and the phone sends its newest once the minute is over.
 */
export async function storeDeviceStatus(ctx: AppContext, auth: DeviceAuth, status: PhoneStatus) {
  const now = ctx.now();
  const [row] = await ctx.db
    .update(devices)
    .set({ ...status, statusAt: now })
    .where(
      and(
        eq(devices.id, auth.deviceRowId),
        or(
          isNull(devices.statusAt),
          lte(devices.statusAt, new Date(now.getTime() - DEVICE_STATUS_MIN_INTERVAL_MS)),
          sql`${devices.charging} is distinct from ${status.charging}::boolean`,
          sql`${devices.network} is distinct from ${status.network}::text`,
          sql`(${devices.battery} is null) <> ${status.battery === null}::boolean`,
        ),
      ),
    )
    .returning(stateColumns);
  if (row) return tellOwner(ctx, row, true);
  const [stored] = await ctx.db
    .select({ battery: devices.battery })
    .from(devices)
    .where(eq(devices.id, auth.deviceRowId));
  if (stored?.battery === status.battery) return;
  throw new AppError(
    'RATE_LIMITED',
    'El estado del teléfono se guarda como máximo una vez por minuto si solo cambia la batería.',
  );
}

/** each device row of the user with whether it is connected now, asked once for them all */
export async function listUserDeviceStates(ctx: AppContext, userId: number) {
  const rows = await listUserDevices(ctx, userId);
  const online = await ctx.realtime.onlineDevices(rows.map((row) => row.id));
  return rows.map((row) => ({ row, online: online.has(row.id) }));
}

/**
 * The last step of a phone's removal (features/device-removal), in its transaction, once every feature
 * has ended what the phone left open: with `deleteData` its row goes, and with it, by their foreign
 * keys, its reports, routes, orders and SOS alerts; otherwise the row stays, marked removed, its
 * token gone and its place in the plan free.
 */
export async function retireDevice(
  tx: DbOrTransaction,
  deviceRowId: number,
  { deleteData, now }: { deleteData: boolean; now: Date },
): Promise<void> {
  if (deleteData) await tx.delete(devices).where(eq(devices.id, deviceRowId));
  else
    await tx
      .update(devices)
      .set({ tokenHash: null, removedAt: now, updatedAt: now })
      .where(eq(devices.id, deviceRowId));
}
