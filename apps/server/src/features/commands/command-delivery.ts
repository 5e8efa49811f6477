/**
 * Commands as the phone and the panel see them, what a connecting phone is told, what expires
 * (decision 007).
 */
import { and, asc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import {
  LOST_REPORT_EVERY_MS,
  TRACKING_POINT_EVERY_S,
  commandStates,
  finalCommandStates,
  type Command,
  type CommandState,
  type CommandType,
  type PhoneCommand,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { DeviceAuth } from '../../lib/http/routes.ts';
import { deviceCommands } from './commands.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { expectLateOrders, isLateOrder } from './late-orders.ts';

type CommandRow = typeof deviceCommands.$inferSelect;

/**
 * The ids of these phones' open routes, by phone (a phone without one is not in the map): tracking/
 * owns routes and is built on commands, so app.ts passes this look-up in.
 */
export type OpenRoutesOf = (ctx: AppContext, deviceRowIds: readonly number[]) => Promise<Map<number, number>>;

/** The device a command is for, as a phone that signs in is known (so its own auth is one). */
export type CommandTarget = Omit<DeviceAuth, 'kind'>;

export const targetOf = (device: { id: number; userId: number; deviceId: string }): CommandTarget => ({
  deviceRowId: device.id,
  userId: device.userId,
  deviceId: device.deviceId,
});

/** states in which a command is still the phone's to carry out (sent again at each connection) */
export const openStates: CommandState[] = commandStates.filter(
  (state) => !finalCommandStates.includes(state),
);
/** what a phone is told in lostOn and resume: seconds between two lost-mode reports */
const LOST_REPORT_EVERY_S = LOST_REPORT_EVERY_MS / 1000;
/**
 * Decision 043: an order that could not be delivered within COMMAND_PENDING_DAYS must not run late (it
 * was 24 hours for locks and wipes, and never for lost mode). Tracking orders belong to a route, which
 * the owner ends (trackingOff) or the route's own job closes: they never expire by the clock.
 */
export const expiringTypes: CommandType[] = ['lock', 'wipe', 'lostOn', 'lostOff'];

const DAY_MS = 24 * 60 * 60 * 1000;
/** how long an order may wait for its phone (COMMAND_PENDING_DAYS) */
export const pendingWindowMs = (ctx: Pick<AppContext, 'env'>) => ctx.env.COMMAND_PENDING_DAYS * DAY_MS;

export function toCommand(row: CommandRow, deviceId: string, ctx: Pick<AppContext, 'env'>): Command {
  const expires = expiringTypes.includes(row.type)
    ? new Date(row.createdAt.getTime() + pendingWindowMs(ctx)).toISOString()
    : null;
  return {
    id: row.id,
    device_id: deviceId,
    type: row.type,
    state: row.state,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    expires_at: expires,
  };
}

export function toPhoneCommand(row: CommandRow): PhoneCommand {
  const base = { id: row.id, created_at: row.createdAt.toISOString() };
  switch (row.type) {
    case 'lock':
      return { ...base, type: 'lock', pin: row.payload.pin ?? '' };
    case 'lostOn':
      return { ...base, type: 'lostOn', report_every_s: LOST_REPORT_EVERY_S };
    case 'trackingOn':
      return {
        ...base,
        type: 'trackingOn',
        tracking_id: row.payload.tracking_id ?? 0,
        interval_s: TRACKING_POINT_EVERY_S,
      };
    case 'trackingOff':
      return { ...base, type: 'trackingOff', tracking_id: row.payload.tracking_id ?? 0 };
    case 'wipe':
    case 'lostOff':
      return { ...base, type: row.type };
  }
}

/**
 * Connecting phones get `resume` first (lost mode, open route), so one that lost its memory
 * (restarted, reinstalled) picks them up again; then every open command, oldest first, since newer
 * orders may turn those off. Orders still undelivered after COMMAND_PENDING_DAYS expire instead.
 * The phones that connected in one moment are resumed together, in four queries (decision 059).
 */
export async function resumeDevices(
  ctx: AppContext,
  targets: readonly CommandTarget[],
  openRoutesOf: OpenRoutesOf,
): Promise<void> {
  const byRowId = new Map(targets.map((target) => [target.deviceRowId, target]));
  const rowIds = [...byRowId.keys()];
  // a phone whose data was deleted meanwhile has no row left: it is told nothing
  const rows = await ctx.db
    .select({ id: devices.id, lost: devices.lost })
    .from(devices)
    .where(inArray(devices.id, rowIds));
  if (rows.length === 0) return;
  const present = rows.map((row) => row.id);
  const routes = await openRoutesOf(ctx, present);
  for (const { id, lost } of rows) {
    const trackingId = routes.get(id);
    ctx.realtime.toDevice(id, 'resume', {
      lost: lost ? { report_every_s: LOST_REPORT_EVERY_S } : null,
      tracking:
        trackingId === undefined ? null : { tracking_id: trackingId, interval_s: TRACKING_POINT_EVERY_S },
    });
  }
  await expireStaleCommands(ctx, present);
  const pending = new Map<number, CommandRow[]>();
  for (const command of await findOpenCommands(ctx, present))
    pending.set(command.deviceId, [...(pending.get(command.deviceId) ?? []), command]);
  for (const id of present) {
    const commands = pending.get(id) ?? [];
    // decision 043: the owner hears what was applied of the orders that waited (late-orders.ts)
    expectLateOrders(
      ctx,
      byRowId.get(id)!,
      commands.filter((command) => expiringTypes.includes(command.type) && isLateOrder(ctx, command)),
    );
    for (const command of commands) ctx.realtime.toDevice(id, 'command', toPhoneCommand(command));
  }
}

/** the open commands of these phones, oldest first (each phone's in the order they were given) */
function findOpenCommands(ctx: AppContext, deviceRowIds: readonly number[]) {
  return ctx.db
    .select()
    .from(deviceCommands)
    .where(and(inArray(deviceCommands.deviceId, deviceRowIds), inArray(deviceCommands.state, openStates)))
    .orderBy(asc(deviceCommands.id));
}

/** phones asked about in one query when orders are sent again */
const RESEND_BATCH = 1000;

/**
 * Sends the open commands of these connected phones again, oldest first: the link between the server
 * processes came back after a loss, and an order given through another process meanwhile reached
 * nobody. A phone keeps the ids it handled, so a repeat is only acknowledged again
 * (docs/device-protocol.md).
 */
export async function resendOpenCommands(ctx: AppContext, deviceRowIds: readonly number[]): Promise<void> {
  if (deviceRowIds.length === 0) return;
  await expireStaleCommands(ctx);
  for (let start = 0; start < deviceRowIds.length; start += RESEND_BATCH) {
    const open = await findOpenCommands(ctx, deviceRowIds.slice(start, start + RESEND_BATCH));
    for (const command of open) ctx.realtime.toDevice(command.deviceId, 'command', toPhoneCommand(command));
  }
}

/**
 * Expires undelivered orders (expiringTypes) of these devices (or all: the scheduled job,
 * commands.jobs.ts) and tells the owners' panels. A delivered one is the phone's to finish: it
 * already has it.
 */
export async function expireStaleCommands(ctx: AppContext, deviceRowIds?: readonly number[]): Promise<void> {
  const expired = await ctx.db
    .update(deviceCommands)
    .set({ state: 'expired', updatedAt: ctx.now(), payload: sql`${deviceCommands.payload} - 'pin'` })
    .from(devices)
    .where(
      and(
        eq(devices.id, deviceCommands.deviceId),
        eq(deviceCommands.state, 'sent'),
        inArray(deviceCommands.type, expiringTypes),
        lt(deviceCommands.createdAt, new Date(ctx.now().getTime() - pendingWindowMs(ctx))),
        ...(deviceRowIds === undefined ? [] : [inArray(deviceCommands.deviceId, deviceRowIds)]),
      ),
    )
    .returning({
      ...getTableColumns(deviceCommands),
      userId: devices.userId,
      publicDeviceId: devices.deviceId,
    });
  for (const row of expired) ctx.metrics.commands.inc({ kind: row.type, state: 'expired' });
  for (const row of expired)
    ctx.realtime.toUser(row.userId, 'commandState', { command: toCommand(row, row.publicDeviceId, ctx) });
}
