/**
 * Commands for phones and their states (contract commands.ts, issue 3). Every change of state is
 * made by one conditional UPDATE, so two processes (or a late duplicate from a phone) can never move a
 * command twice; each real change is announced to the owner's panels as `commandState`.
 */
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  COMMAND_EXPIRY_MS,
  LOST_REPORT_EVERY_MS,
  TRACKING_POINT_EVERY_S,
  finalCommandStates,
  type Command,
  type CommandState,
  type CommandType,
  type PhoneCommand,
} from '@escudo/contract';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { deviceCommands, devices, trackings } from '../lib/db/schema.ts';

type CommandRow = typeof deviceCommands.$inferSelect;

/** The device a command is for: its internal id, its owner and its own identifier. */
export interface CommandTarget {
  deviceRowId: number;
  userId: number;
  deviceId: string;
}

const openStates: CommandState[] = ['sent', 'delivered'];
/** what a phone is told in lostOn and resume: seconds between two lost-mode reports */
const LOST_REPORT_EVERY_S = LOST_REPORT_EVERY_MS / 1000;
/** issue 3: a lock or wipe that could not be delivered within 24 hours must not run late */
const expiringTypes: CommandType[] = ['lock', 'wipe'];

export function toCommand(row: CommandRow, deviceId: string): Command {
  return {
    id: row.id,
    device_id: deviceId,
    type: row.type,
    state: row.state,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toPhoneCommand(row: CommandRow): PhoneCommand {
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

/** Stores a command and sends it to the phone at once; an offline phone gets it when it connects. */
export async function createCommand(
  ctx: AppContext,
  target: CommandTarget,
  type: CommandType,
  payload: { pin?: string; tracking_id?: number } = {},
): Promise<Command> {
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(deviceCommands)
    .values({ deviceId: target.deviceRowId, type, state: 'sent', payload, createdAt: now, updatedAt: now })
    .returning();
  const command = toCommand(row!, target.deviceId);
  ctx.realtime.toUser(target.userId, 'commandState', { command });
  ctx.realtime.toDevice(target.deviceRowId, 'command', toPhoneCommand(row!));
  return command;
}

/** The device's latest commands, newest first; stale ones are expired first so the list is true. */
export async function listCommands(
  ctx: AppContext,
  target: CommandTarget,
  limit: number,
): Promise<Command[]> {
  await expireStaleCommands(ctx, target.deviceRowId);
  const rows = await ctx.db
    .select()
    .from(deviceCommands)
    .where(eq(deviceCommands.deviceId, target.deviceRowId))
    .orderBy(desc(deviceCommands.id))
    .limit(limit);
  return rows.map((row) => toCommand(row, target.deviceId));
}

export async function findCommand(ctx: AppContext, target: CommandTarget, commandId: number) {
  const [row] = await ctx.db
    .select()
    .from(deviceCommands)
    .where(and(eq(deviceCommands.id, commandId), eq(deviceCommands.deviceId, target.deviceRowId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'No encontramos esa orden para este dispositivo.');
  return row;
}

/**
 * Moves a command of this device from one of `from` to `to`. Returns the command and whether it
 * changed; asking again for a change already made is not an error (phones repeat themselves after a
 * reconnection), asking for an impossible one is.
 */
export async function moveCommand(
  ctx: AppContext,
  target: CommandTarget,
  commandId: number,
  change: { from: CommandState[]; to: CommandState; types?: CommandType[]; reason?: string | null },
): Promise<{ command: Command; changed: boolean }> {
  const isFinal = finalCommandStates.includes(change.to);
  const [row] = await ctx.db
    .update(deviceCommands)
    .set({
      state: change.to,
      updatedAt: ctx.now(),
      ...(change.reason !== undefined ? { reason: change.reason } : {}),
      // the PIN is needed only until the phone has it
      ...(isFinal ? { payload: sql`${deviceCommands.payload} - 'pin'` } : {}),
    })
    .where(
      and(
        eq(deviceCommands.id, commandId),
        eq(deviceCommands.deviceId, target.deviceRowId),
        inArray(deviceCommands.state, change.from),
        ...(change.types ? [inArray(deviceCommands.type, change.types)] : []),
      ),
    )
    .returning();
  if (row) {
    const command = toCommand(row, target.deviceId);
    ctx.realtime.toUser(target.userId, 'commandState', { command });
    return { command, changed: true };
  }
  const current = await findCommand(ctx, target, commandId);
  if (change.types && !change.types.includes(current.type)) {
    throw new AppError('VALIDATION', `Esta respuesta no corresponde a una orden de tipo ${current.type}.`);
  }
  if (current.state === change.to) return { command: toCommand(current, target.deviceId), changed: false };
  throw new AppError(
    'VALIDATION',
    `La orden ${commandId} ya está en estado ${current.state}; no puede pasar a ${change.to}.`,
  );
}

/**
 * The phone received a command (`imHere { command_id }`): sent → delivered. The phone may already
 * have reported the outcome (its messages are handled concurrently), or be repeating itself after a
 * reconnection: any state past `sent` is fine and left as it is.
 */
export async function acknowledgeCommand(
  ctx: AppContext,
  target: CommandTarget,
  commandId: number,
): Promise<void> {
  const [row] = await ctx.db
    .update(deviceCommands)
    .set({ state: 'delivered', updatedAt: ctx.now() })
    .where(
      and(
        eq(deviceCommands.id, commandId),
        eq(deviceCommands.deviceId, target.deviceRowId),
        eq(deviceCommands.state, 'sent'),
      ),
    )
    .returning();
  if (row) ctx.realtime.toUser(target.userId, 'commandState', { command: toCommand(row, target.deviceId) });
  // not this phone's command: NOT_FOUND
  else await findCommand(ctx, target, commandId);
}

/**
 * Tells a phone that just connected what it should have running (`resume`): lost mode as the owner
 * set it and the open route, if any. A phone that lost its memory (restarted, reinstalled) picks
 * them up again; sent before the pending commands, which are newer orders and may turn them off.
 */
export async function resumeDevice(ctx: AppContext, target: CommandTarget): Promise<void> {
  const [row] = await ctx.db
    .select({ lost: devices.lost, trackingId: trackings.id })
    .from(devices)
    .leftJoin(trackings, and(eq(trackings.deviceId, devices.id), isNull(trackings.endedAt)))
    .where(eq(devices.id, target.deviceRowId))
    .limit(1);
  if (!row) return;
  ctx.realtime.toDevice(target.deviceRowId, 'resume', {
    lost: row.lost ? { report_every_s: LOST_REPORT_EVERY_S } : null,
    tracking:
      row.trackingId === null ? null : { tracking_id: row.trackingId, interval_s: TRACKING_POINT_EVERY_S },
  });
}

/**
 * Sends a phone that just connected every command still open, oldest first. Locks and wipes older
 * than COMMAND_EXPIRY_MS expire instead (and the owner's panels hear it).
 */
export async function deliverPendingCommands(ctx: AppContext, target: CommandTarget): Promise<number> {
  await expireStaleCommands(ctx, target.deviceRowId);
  const rows = await ctx.db
    .select()
    .from(deviceCommands)
    .where(and(eq(deviceCommands.deviceId, target.deviceRowId), inArray(deviceCommands.state, openStates)))
    .orderBy(asc(deviceCommands.id));
  for (const row of rows) ctx.realtime.toDevice(target.deviceRowId, 'command', toPhoneCommand(row));
  return rows.length;
}

/**
 * Expires undelivered locks and wipes older than COMMAND_EXPIRY_MS (of one device, or of all when
 * called by the periodic sweep). A delivered one is the phone's to finish: it already has it.
 */
export async function expireStaleCommands(ctx: AppContext, deviceRowId?: number): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - COMMAND_EXPIRY_MS);
  const expired = await ctx.db
    .update(deviceCommands)
    .set({ state: 'expired', updatedAt: ctx.now(), payload: sql`${deviceCommands.payload} - 'pin'` })
    .where(
      and(
        eq(deviceCommands.state, 'sent'),
        inArray(deviceCommands.type, expiringTypes),
        lt(deviceCommands.createdAt, cutoff),
        ...(deviceRowId === undefined ? [] : [eq(deviceCommands.deviceId, deviceRowId)]),
      ),
    )
    .returning();
  if (expired.length > 0) await announceExpired(ctx, expired);
  return expired.length;
}

async function announceExpired(ctx: AppContext, rows: CommandRow[]) {
  const owners = await ctx.db
    .select({ id: devices.id, userId: devices.userId, deviceId: devices.deviceId })
    .from(devices)
    .where(
      inArray(
        devices.id,
        rows.map((row) => row.deviceId),
      ),
    );
  const byId = new Map(owners.map((owner) => [owner.id, owner]));
  for (const row of rows) {
    const owner = byId.get(row.deviceId);
    if (owner) ctx.realtime.toUser(owner.userId, 'commandState', { command: toCommand(row, owner.deviceId) });
  }
}
