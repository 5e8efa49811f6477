/**
 * Commands and the phone's answers (contract commands.ts, decision 007). Each change of state is one
 * conditional UPDATE, so two processes (or a phone's late duplicate) never move a command twice; each
 * real change reaches the owner's panels as `commandState`.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  commandTypes,
  finalCommandStates,
  type Command,
  type CommandState,
  type CommandType,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import { deliverEventsSoon } from '../../lib/outbox/outbox.ts';
import { deviceCommands } from './commands.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { findUserDevice } from '../devices/devices.service.ts';
import {
  expireStaleCommands,
  expiringTypes,
  openStates,
  targetOf,
  toCommand,
  toPhoneCommand,
  type CommandTarget,
} from './command-delivery.ts';
import { noteLateOrderAnswer } from './late-orders.ts';

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
  const command = toCommand(row!, target.deviceId, ctx);
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
  await expireStaleCommands(ctx, [target.deviceRowId]);
  const rows = await ctx.db
    .select()
    .from(deviceCommands)
    .where(eq(deviceCommands.deviceId, target.deviceRowId))
    .orderBy(desc(deviceCommands.id))
    .limit(limit);
  return rows.map((row) => toCommand(row, target.deviceId, ctx));
}

async function findCommand(ctx: AppContext, target: CommandTarget, commandId: number) {
  const [row] = await ctx.db
    .select()
    .from(deviceCommands)
    .where(and(eq(deviceCommands.id, commandId), eq(deviceCommands.deviceId, target.deviceRowId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'No encontramos esa orden para este dispositivo.');
  return row;
}

/**
 * Moves a command of this device from one of `from` to `to`. Asking again for a change already made is
 * not an error (phones repeat themselves after a reconnection), asking for an impossible one is.
 */
async function moveCommand(
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
    if (isFinal) ctx.metrics.commands.inc({ kind: row.type, state: row.state });
    const command = toCommand(row, target.deviceId, ctx);
    ctx.realtime.toUser(target.userId, 'commandState', { command });
    noteLateOrderAnswer(ctx, target, row);
    return { command, changed: true };
  }
  const current = await findCommand(ctx, target, commandId);
  if (change.types && !change.types.includes(current.type)) {
    throw new AppError('VALIDATION', `Esta respuesta no corresponde a una orden de tipo ${current.type}.`);
  }
  if (current.state === change.to)
    return { command: toCommand(current, target.deviceId, ctx), changed: false };
  throw new AppError(
    'VALIDATION',
    `La orden ${commandId} ya está en estado ${current.state}; no puede pasar a ${change.to}.`,
  );
}

/**
 * `imHere { command_id }`: sent → delivered. Any state past `sent` is left as it is: the phone may
 * already have reported the outcome (its messages run concurrently) or be repeating itself.
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
  if (row) {
    ctx.realtime.toUser(target.userId, 'commandState', { command: toCommand(row, target.deviceId, ctx) });
    noteLateOrderAnswer(ctx, target, row);
  }
  // not this phone's command: NOT_FOUND
  else await findCommand(ctx, target, commandId);
}

/**
 * `commandResult`. Only this records lost mode: the phone is the truth about it, so an order carried
 * out late (after the panel stopped waiting, or after reconnecting) still leaves `devices.lost` right.
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
  if (command.state !== 'done' || (command.type !== 'lostOn' && command.type !== 'lostOff')) return;
  const isLost = command.type === 'lostOn';
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(devices)
      .set({ lost: isLost, updatedAt: ctx.now() })
      .where(eq(devices.id, target.deviceRowId));
    // told once, when the phone first confirms (a repeated `done` changes nothing); recorded with the
    // change, so that the network's e-mail outlives a process that dies after it (decision 055)
    if (changed) {
      const { userId, deviceRowId } = target;
      await ctx.events.record(tx, 'lostModeChanged', { userId, deviceRowId, isLost });
    }
  });
  if (changed) deliverEventsSoon(ctx, 'lostModeChanged');
}

/** The phone on a wipe: `deleting` (began erasing: done, unstoppable) or `cancelingWipe` (nothing erased). */
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
 * The panel's `cancelingWipe`. Undelivered: cancelled here, or it would run whenever the phone
 * connects. Delivered: the phone is asked and its answer ends it (recordWipeAnswer). Done: too late.
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

/**
 * `cancelCommand` (decision 043): the owner takes back an order still waiting for its phone. One
 * conditional UPDATE from `sent`, so an order the phone acknowledges at the same moment is either
 * cancelled before (and never sent again: resumeDevices sends open states only) or refused. Tracking
 * orders are not cancelled here: they follow their route (turning tracking off ends it).
 */
export async function cancelCommand(ctx: AppContext, userId: number, commandId: number): Promise<Command> {
  const [found] = await ctx.db
    .select({ command: deviceCommands, device: devices })
    .from(deviceCommands)
    .innerJoin(devices, eq(devices.id, deviceCommands.deviceId))
    // another user's order is answered as one that does not exist
    .where(and(eq(deviceCommands.id, commandId), eq(devices.userId, userId)))
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', 'No encontramos esa orden.');
  const target = targetOf(found.device);
  if (!expiringTypes.includes(found.command.type)) {
    throw new AppError(
      'COMMAND_NOT_PENDING',
      'Las órdenes de tracking no se cancelan: desactiva el tracking para terminarlo.',
    );
  }
  const [row] = await ctx.db
    .update(deviceCommands)
    .set({
      state: 'cancelled',
      reason: 'Cancelada antes de llegar al teléfono.',
      updatedAt: ctx.now(),
      payload: sql`${deviceCommands.payload} - 'pin'`,
    })
    .where(and(eq(deviceCommands.id, commandId), eq(deviceCommands.state, 'sent')))
    .returning();
  if (!row) {
    const current = await findCommand(ctx, target, commandId);
    // asked twice (a double click, two tabs): the order is cancelled all the same
    if (current.state === 'cancelled') return toCommand(current, target.deviceId, ctx);
    throw new AppError('COMMAND_NOT_PENDING', notPendingMessages[current.state]);
  }
  ctx.metrics.commands.inc({ kind: row.type, state: 'cancelled' });
  const command = toCommand(row, target.deviceId, ctx);
  ctx.realtime.toUser(userId, 'commandState', { command });
  // the wipe dialog hears a stopped wipe as it does one stopped in its window
  if (row.type === 'wipe') {
    ctx.realtime.toUser(userId, 'cancelingWipe', { device_id: target.deviceId, command_id: row.id });
  }
  return command;
}

/** why an order that is not `sent` cannot be cancelled, by its state */
const notPendingMessages: Record<CommandState, string | undefined> = {
  sent: undefined,
  delivered: undefined,
  done: undefined,
  failed: 'Esta orden ya terminó; no hay nada que cancelar.',
  cancelled: undefined,
  expired: 'Esta orden ya venció sin llegar al teléfono; no hay nada que cancelar.',
};

/** why a removed phone's open orders were cancelled, as each order's reason */
const REMOVED_REASON = 'Dispositivo quitado de la cuenta';

/**
 * A phone taken off its account (features/device-removal), in the removal's transaction: its open
 * orders are cancelled and its lost mode is off, since it will never answer again.
 */
export async function endOrdersOfRemovedPhone(tx: DbOrTransaction, deviceRowId: number, now: Date) {
  await tx
    .update(deviceCommands)
    .set({ state: 'cancelled', reason: REMOVED_REASON, payload: {}, updatedAt: now })
    .where(and(eq(deviceCommands.deviceId, deviceRowId), inArray(deviceCommands.state, openStates)));
  await tx.update(devices).set({ lost: false, updatedAt: now }).where(eq(devices.id, deviceRowId));
}
