/**
 * Commands for phones and their states (contract commands.ts, issue 3), and the rules of the phone's
 * answers: which command may end how, how a wipe is stopped, and lost mode as the phone carried it
 * out. Every change of state is made by one conditional UPDATE, so two processes (or a late duplicate
 * from a phone) can never move a command twice; each real change is announced to the owner's panels
 * as `commandState`. Delivery to the phone (resume, pending orders, expiry): command-delivery.ts.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  commandTypes,
  finalCommandStates,
  type Command,
  type CommandState,
  type CommandType,
} from '@escudo/contract';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { deviceCommands, devices } from '../lib/db/schema.ts';
import { findUserDevice } from '../devices/devices.service.ts';
import { tellNetworkPhoneIsLost } from '../lostphone/lost-mode-notice.ts';
import {
  expireStaleCommands,
  openStates,
  targetOf,
  toCommand,
  toPhoneCommand,
  type CommandTarget,
} from './command-delivery.ts';

/** what a plain `commandResult done` may finish: a wipe is done when the phone says `deleting` */
const doneByResult: CommandType[] = commandTypes.filter((type) => type !== 'wipe');

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
 * The phone's outcome of a command (`commandResult`). Lost mode is recorded here and nowhere else:
 * the phone is the truth about its lost mode, so an order it carried out late (after the panel
 * stopped waiting, or after reconnecting) still leaves `devices.lost` right.
 */
export async function recordCommandResult(
  ctx: AppContext,
  target: CommandTarget,
  commandId: number,
  outcome: 'done' | 'failed',
  reason?: string,
): Promise<void> {
  const { command, changed } = await moveCommand(ctx, target, commandId, {
    from: openStates,
    to: outcome,
    types: outcome === 'done' ? doneByResult : undefined,
    reason: outcome === 'failed' ? (reason ?? 'El teléfono no indicó el motivo.') : null,
  });
  if (command.state === 'done' && (command.type === 'lostOn' || command.type === 'lostOff')) {
    await ctx.db
      .update(devices)
      .set({ lost: command.type === 'lostOn', updatedAt: ctx.now() })
      .where(eq(devices.id, target.deviceRowId));
  }
  // the network hears of it once, when the phone first confirms (a repeated `done` changes nothing)
  if (changed && command.state === 'done' && command.type === 'lostOn') {
    await tellNetworkPhoneIsLost(ctx, target.deviceRowId);
  }
}

/**
 * The phone's own word on a wipe: `deleting` (it began erasing: done, and no longer to be stopped) or
 * `cancelingWipe` (it honoured a stop: nothing was erased). The owner's panels hear the same message.
 */
export async function recordWipeAnswer(
  ctx: AppContext,
  target: CommandTarget,
  commandId: number,
  answer: 'deleting' | 'cancelingWipe',
) {
  const to = answer === 'deleting' ? 'done' : 'cancelled';
  await moveCommand(ctx, target, commandId, { from: openStates, to, types: ['wipe'] });
  ctx.realtime.toUser(target.userId, answer, { device_id: target.deviceId, command_id: commandId });
}

/**
 * The owner asks to stop a wipe (the panel's `cancelingWipe`). Still undelivered: cancelled here, or
 * it would run whenever the phone connects. Delivered: the phone is asked, and its answer ends it
 * (recordWipeAnswer). Done: the phone has begun erasing, too late. Cancelled, failed or expired:
 * nothing is left to stop.
 */
export async function cancelWipe(ctx: AppContext, userId: number, deviceId: string, commandId: number) {
  const target = targetOf(await findUserDevice(ctx, userId, { deviceId }));
  const command = await findCommand(ctx, target, commandId);
  if (command.type !== 'wipe') throw new AppError('VALIDATION', 'Esa orden no es un borrado.');
  if (command.state === 'sent') {
    await moveCommand(ctx, target, commandId, {
      from: ['sent'],
      to: 'cancelled',
      reason: 'Detenido antes de llegar al teléfono.',
    });
    ctx.realtime.toUser(userId, 'cancelingWipe', { device_id: target.deviceId, command_id: commandId });
  } else if (command.state === 'delivered') {
    ctx.realtime.toDevice(target.deviceRowId, 'cancelingWipe', { command_id: commandId });
  } else if (command.state === 'done') {
    throw new AppError('VALIDATION', 'El teléfono ya comenzó el borrado; no se puede detener.');
  }
}
