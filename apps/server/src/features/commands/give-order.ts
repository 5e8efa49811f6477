/**
 * An owner's order to a phone (lock, lost mode, wipe; docs/device-protocol.md section 5): limited, and
 * replacing the order of its kind that still waits for the phone, so that a burst of clicks, a script
 * or a stolen session can neither flood the phone and the owner's inbox nor grow the table. The
 * phone's row is locked for the order's short transaction: orders to one phone are taken one after
 * the other, so its count and the order replaced are exact (an account's count, across its phones,
 * may let one more per phone through at the same instant).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ORDER_NOTICE_EVERY_MS,
  ORDERS_PER_ACCOUNT_MAX,
  ORDERS_PER_PHONE_MAX,
  ORDERS_WINDOW_MS,
  type Command,
  type CommandType,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import { limitRefusal, minutesText, type Limit } from '../../lib/throttle/throttle.ts';
import { deviceCommands } from './commands.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { expiringTypes, toCommand, toPhoneCommand, type CommandTarget } from './command-delivery.ts';

/** the orders counted by the limits: the owner's, not tracking's (a route has its own rules) */
const LIMITED_TYPES = expiringTypes;
/** each type's kind: a new order replaces the waiting one of its kind (lost mode on and off are one) */
const KIND_OF: Partial<Record<CommandType, readonly CommandType[]>> = {
  lock: ['lock'],
  wipe: ['wipe'],
  lostOn: ['lostOn', 'lostOff'],
  lostOff: ['lostOn', 'lostOff'],
};

/** why a waiting order was cancelled when a newer one of its kind came */
export const REPLACED_REASON = 'Reemplazada por una orden más reciente antes de llegar al teléfono.';

const windowMinutes = ORDERS_WINDOW_MS / 60_000;
/** counted in device_commands itself (countOrders), not in throttle_hits: the names only label them */
const orderLimits = {
  perPhone: {
    name: 'order-phone',
    max: ORDERS_PER_PHONE_MAX,
    windowMs: ORDERS_WINDOW_MS,
    code: 'RATE_LIMITED',
    message: (minutes) =>
      `Ya diste ${ORDERS_PER_PHONE_MAX} órdenes a este teléfono en los últimos ${windowMinutes} minutos. Podrás dar otra en ${minutesText(minutes)}; las que ya diste le llegarán apenas se conecte.`,
  },
  perAccount: {
    name: 'order-account',
    max: ORDERS_PER_ACCOUNT_MAX,
    windowMs: ORDERS_WINDOW_MS,
    code: 'RATE_LIMITED',
    message: (minutes) =>
      `Tu cuenta ya dio ${ORDERS_PER_ACCOUNT_MAX} órdenes a sus teléfonos en los últimos ${windowMinutes} minutos. Podrás dar otra en ${minutesText(minutes)}.`,
  },
} satisfies Record<string, Limit>;

const param = sql.placeholder;

const lockPhone = (tx: DbOrTransaction) =>
  tx
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.id, param('device')))
    .for('update')
    .prepare('order_lock_phone');

/**
 * One pass over the account's orders in the window: the phone's count and oldest, the account's, and
 * whether an order of this kind to the phone was e-mailed about within ORDER_NOTICE_EVERY_MS (shorter
 * than the window, so it is among them).
 */
const countOrders = (tx: DbOrTransaction) => {
  const isPhone = sql`${deviceCommands.deviceId} = ${param('device')}`;
  return (
    tx
      .select({
        phone: sql<number>`(count(*) filter (where ${isPhone}))::int`,
        phoneOldest: sql<string | null>`min(${deviceCommands.createdAt}) filter (where ${isPhone})`,
        account: sql<number>`count(*)::int`,
        accountOldest: sql<string | null>`min(${deviceCommands.createdAt})`,
        isNoticed: sql<boolean>`coalesce(bool_or(${isPhone} and ${deviceCommands.type} = any(${param('kind')}::text[]) and ${deviceCommands.notifiedAt} > ${param('noticeSince')}), false)`,
      })
      // the account's phones, then their orders (devices_user_idx, then device_commands_device_idx)
      .from(devices)
      .innerJoin(deviceCommands, eq(deviceCommands.deviceId, devices.id))
      .where(
        and(
          eq(devices.userId, param('user')),
          inArray(deviceCommands.type, LIMITED_TYPES),
          sql`${deviceCommands.createdAt} > ${param('windowStart')}`,
        ),
      )
      .prepare('order_count_orders')
  );
};

const replaceWaiting = (tx: DbOrTransaction) =>
  tx
    .update(deviceCommands)
    .set({
      state: 'cancelled',
      reason: REPLACED_REASON,
      updatedAt: sql`${param('now')}`,
      payload: sql`${deviceCommands.payload} - 'pin'`,
    })
    .where(
      and(
        eq(deviceCommands.deviceId, param('device')),
        sql`${deviceCommands.type} = any(${param('kind')}::text[])`,
        eq(deviceCommands.state, 'sent'),
      ),
    )
    .returning()
    .prepare('order_replace_waiting');

const insertOrder = (tx: DbOrTransaction) =>
  tx
    .insert(deviceCommands)
    .values({
      deviceId: param('device'),
      type: param('type'),
      state: 'sent',
      payload: param('payload'),
      // raw: the column's encoder would refuse a null
      notifiedAt: sql`${param('notifiedAt')}::timestamptz`,
      createdAt: param('now'),
      updatedAt: param('now'),
    })
    .returning()
    .prepare('order_insert');

/**
 * Stores the order and sends it to the phone at once (an offline phone gets it when it connects).
 * `inTransaction` runs in the order's transaction, told whether the owner is due an e-mail about it:
 * none when an order of its kind to this phone had one within ORDER_NOTICE_EVERY_MS.
 */
export async function giveOrder(
  ctx: AppContext,
  target: CommandTarget,
  type: CommandType,
  payload: { pin?: string },
  inTransaction: (tx: DbOrTransaction, isNoticeDue: boolean) => Promise<void>,
): Promise<Command> {
  const kind = KIND_OF[type];
  if (!kind) throw new Error(`not an owner's order: ${type}`);
  const now = ctx.now();
  const values = {
    device: target.deviceRowId,
    user: target.userId,
    kind: [...kind],
    windowStart: new Date(now.getTime() - ORDERS_WINDOW_MS).toISOString(),
    noticeSince: new Date(now.getTime() - ORDER_NOTICE_EVERY_MS).toISOString(),
  };
  // each statement named (prepared): on PostgreSQL a connection parses and plans it once
  const { row, replaced } = await ctx.db.transaction(async (tx) => {
    // the lock first, on its own: a statement reads what was committed when it began, so the counts
    // must begin once the phone's previous order has committed and let go of the row
    const [locked] = await lockPhone(tx).execute(values);
    if (!locked) throw new AppError('NOT_FOUND', 'No encontramos ese dispositivo.');
    const [seen] = await countOrders(tx).execute(values);
    if (seen && seen.phone >= orderLimits.perPhone.max)
      throw limitRefusal(orderLimits.perPhone, seen.phoneOldest, now);
    if (seen && seen.account >= orderLimits.perAccount.max)
      throw limitRefusal(orderLimits.perAccount, seen.accountOldest, now);
    const isNoticeDue = !seen?.isNoticed;
    const cancelled = await replaceWaiting(tx).execute({ ...values, now: now.toISOString() });
    const [inserted] = await insertOrder(tx).execute({
      device: target.deviceRowId,
      type,
      payload,
      // an insert's placeholders go through the columns' encoders: dates as Date, the payload as is
      notifiedAt: isNoticeDue ? now.toISOString() : null,
      now,
    });
    await inTransaction(tx, isNoticeDue);
    return { row: inserted!, replaced: cancelled };
  });
  for (const old of replaced) {
    ctx.metrics.commands.inc({ kind: old.type, state: 'cancelled' });
    ctx.realtime.toUser(target.userId, 'commandState', { command: toCommand(old, target.deviceId, ctx) });
  }
  const command = toCommand(row, target.deviceId, ctx);
  ctx.realtime.toUser(target.userId, 'commandState', { command });
  ctx.realtime.toDevice(target.deviceRowId, 'command', toPhoneCommand(row));
  return command;
}
