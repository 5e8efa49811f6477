/**
 * An owner's order to a phone (lock, lost mode, wipe; docs/device-protocol.md section 5): limited, and
 * replacing the order of its kind that still waits for the phone, so that a burst of clicks, a script
 * or a stolen session can neither flood the phone and the owner's inbox nor grow the table. The
 * phone's row is locked for the order's short transaction: orders to one phone are taken one after
 * the other, so its count and the order replaced are exact (an account's count, across its phones,
 * may let one more per phone through at the same instant).
 *
 * The transaction is one call to the database, `give_order_v1` (migration 0031, decision 061): the
 * rules are here and go to it as arguments; it looks the phone up, locks it, counts, replaces, stores
 * and writes the activity line and the notice's durable event, in one round trip instead of nine.
 */
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
import { plainQuery } from '../../lib/db/plain-query.ts';
import type { ServerEvents } from '../../lib/events.ts';
import { deliverEventsSoon } from '../../lib/outbox/outbox.ts';
import { limitRefusal, minutesText, type Limit } from '../../lib/throttle/throttle.ts';
import type { deviceCommands } from './commands.schema.ts';
import {
  expiringTypes,
  targetOf,
  toCommand,
  toPhoneCommand,
  type CommandTarget,
} from './command-delivery.ts';

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

type CommandRow = typeof deviceCommands.$inferSelect;

/** a device_commands row as `to_jsonb` writes it: the columns' names, timestamps as text */
interface CommandJson {
  id: number;
  device_id: number;
  type: CommandRow['type'];
  state: CommandRow['state'];
  payload: CommandRow['payload'];
  reason: string | null;
  notified_at: string | null;
  created_at: string;
  updated_at: string;
}

type GiveOrderResult =
  | { refused: 'not_found' | 'not_supported' }
  | { refused: 'phone_limit' | 'account_limit'; oldest: string | null }
  | {
      refused?: undefined;
      phone: { id: number; device_id: string; device_name: string };
      order: CommandJson;
      cancelled: CommandJson[];
      noticed: boolean;
    };

const callGiveOrder = plainQuery<{ result: GiveOrderResult }>(
  'give_order',
  'select give_order_v1($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) as result',
);

const toRow = (json: CommandJson): CommandRow => ({
  id: json.id,
  deviceId: json.device_id,
  type: json.type,
  state: json.state,
  payload: json.payload,
  reason: json.reason,
  notifiedAt: json.notified_at === null ? null : new Date(json.notified_at),
  createdAt: new Date(json.created_at),
  updatedAt: new Date(json.updated_at),
});

type OrderNotice = ServerEvents['orderNoticeDue'];

export interface OwnerOrder {
  userId: number;
  /** the phone's device_id: it must be the owner's, not removed, and run one of `systems` */
  deviceId: string;
  systems: readonly string[];
  type: CommandType;
  payload: { pin?: string };
  /**
   * The order's line in the account's activity, its columns as activityColumns gives them (the
   * phone's name is its detail), and the security e-mail's event, recorded when one is due: none
   * when an order of its kind to this phone had one within ORDER_NOTICE_EVERY_MS. Null: neither
   * (turning lost mode off is not something to warn about).
   */
  announce: {
    activity: { kind: string; address: string | null; browser: string | null };
    notice: Omit<OrderNotice, 'detail'>;
  } | null;
}

/** an order stored, not yet relayed (relayOrder, after the commit) */
export interface StoredOrder {
  target: CommandTarget;
  /** the phone's name, as the activity line took it */
  deviceName: string;
  row: CommandRow;
  replaced: CommandRow[];
  isNoticeRecorded: boolean;
}

/**
 * Stores the order, in `db`'s transaction when it is one (a wipe spends the password's confirmation
 * in the same), or refuses it: 404 for a phone that is not the owner's, DEVICE_NOT_SUPPORTED, 429
 * past a limit.
 */
export async function storeOrder(
  ctx: AppContext,
  order: OwnerOrder,
  db: DbOrTransaction = ctx.db,
): Promise<StoredOrder> {
  const kind = KIND_OF[order.type];
  if (!kind) throw new Error(`not an owner's order: ${order.type}`);
  const now = ctx.now();
  const { announce } = order;
  const [answer] = await callGiveOrder(db, [
    order.userId,
    order.deviceId,
    order.systems,
    order.type,
    kind,
    LIMITED_TYPES,
    order.payload,
    now.toISOString(),
    new Date(now.getTime() - ORDERS_WINDOW_MS).toISOString(),
    new Date(now.getTime() - ORDER_NOTICE_EVERY_MS).toISOString(),
    orderLimits.perPhone.max,
    orderLimits.perAccount.max,
    REPLACED_REASON,
    announce?.activity ?? null,
    announce ? 'orderNoticeDue' : null,
    announce?.notice ?? null,
  ]);
  const result = answer!.result;
  switch (result.refused) {
    case 'not_found':
      throw new AppError('NOT_FOUND', 'No encontramos ese dispositivo.');
    case 'not_supported':
      throw new AppError('DEVICE_NOT_SUPPORTED');
    case 'phone_limit':
      throw limitRefusal(orderLimits.perPhone, result.oldest, now);
    case 'account_limit':
      throw limitRefusal(orderLimits.perAccount, result.oldest, now);
  }
  const { phone } = result;
  return {
    target: targetOf({ id: phone.id, userId: order.userId, deviceId: phone.device_id }),
    deviceName: phone.device_name,
    row: toRow(result.order),
    replaced: result.cancelled.map(toRow),
    isNoticeRecorded: result.noticed,
  };
}

/**
 * After the order's commit: the panels see the replaced orders cancelled and the new one, the phone
 * gets it at once (an offline phone when it connects), and the notice, when one was recorded, is
 * delivered without waiting for the job queue's next look.
 */
export function relayOrder(ctx: AppContext, stored: StoredOrder): Command {
  const { target, row, replaced } = stored;
  for (const old of replaced) {
    ctx.metrics.commands.inc({ kind: old.type, state: 'cancelled' });
    ctx.realtime.toUser(target.userId, 'commandState', { command: toCommand(old, target.deviceId, ctx) });
  }
  const command = toCommand(row, target.deviceId, ctx);
  ctx.realtime.toUser(target.userId, 'commandState', { command });
  ctx.realtime.toDevice(target.deviceRowId, 'command', toPhoneCommand(row));
  // a delivery claims rows in a transaction of its own: none when this order recorded nothing
  if (stored.isNoticeRecorded) deliverEventsSoon(ctx, 'orderNoticeDue');
  return command;
}

/** Stores the order on its own and relays it. */
export async function giveOrder(ctx: AppContext, order: OwnerOrder): Promise<Command> {
  return relayOrder(ctx, await storeOrder(ctx, order));
}
