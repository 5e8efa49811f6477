/**
 * Orders that waited for a phone that was off (decision 043): when it connects and gets them, the
 * owner is told once, after the phone has answered each, what was applied (the lateOrdersApplied
 * event; lostphone/ writes the e-mail). The phone's answers come on its own socket, so they reach the
 * process that sent the orders: a map in memory per server is enough, and a reconnection starts anew.
 */
import { LOST_PHONE_WAIT_MS, type CommandState, type CommandType } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { deliverEventsSoon } from '../../lib/outbox/outbox.ts';
import type { CommandTarget } from './command-delivery.ts';

interface LateOrder {
  id: number;
  type: CommandType;
  createdAt: Date;
  /** the phone's answer so far; null until it has one */
  state: CommandState | null;
}

interface Reconnection {
  userId: number;
  reconnectedAt: Date;
  orders: LateOrder[];
}

/** per server (context): device row id → the late orders given to it on its latest connection */
const reconnections = new WeakMap<object, Map<number, Reconnection>>();

function reconnectionsOf(ctx: AppContext): Map<number, Reconnection> {
  let map = reconnections.get(ctx);
  if (!map) reconnections.set(ctx, (map = new Map()));
  return map;
}

/**
 * An order counts as late when the panel's wait (spec 4, 40 s) was over before the phone got it: the
 * owner has since been told the phone did not answer.
 */
export function isLateOrder(ctx: AppContext, row: { state: CommandState; createdAt: Date }): boolean {
  return row.state === 'sent' && ctx.now().getTime() - row.createdAt.getTime() >= LOST_PHONE_WAIT_MS;
}

/** resumeDevices gave a connecting phone these late orders: wait for its answers (none: forget it). */
export function expectLateOrders(
  ctx: AppContext,
  target: CommandTarget,
  rows: { id: number; type: CommandType; createdAt: Date }[],
): void {
  const map = reconnectionsOf(ctx);
  if (rows.length === 0) {
    map.delete(target.deviceRowId);
    return;
  }
  map.set(target.deviceRowId, {
    userId: target.userId,
    reconnectedAt: ctx.now(),
    orders: rows.map(({ id, type, createdAt }) => ({ id, type, createdAt, state: null })),
  });
}

/**
 * What counts as the phone's answer: a final state, or for a wipe its acknowledgement (its cancel
 * window opened: the owner must hear it then, not after the erasing began).
 */
function isAnswer(type: CommandType, state: CommandState): boolean {
  return state !== 'sent' && (state !== 'delivered' || type === 'wipe');
}

/**
 * Notes a change of one command's state. Once every late order of the reconnection has its answer, the
 * owner is told, in the background: the phone's message is never held on the e-mail.
 */
export function noteLateOrderAnswer(
  ctx: AppContext,
  target: CommandTarget,
  row: { id: number; type: CommandType; state: CommandState },
): void {
  const map = reconnectionsOf(ctx);
  const reconnection = map.get(target.deviceRowId);
  const order = reconnection?.orders.find((candidate) => candidate.id === row.id);
  if (!reconnection || !order || !isAnswer(row.type, row.state)) return;
  // a wipe's later `done` or `cancelled` was already told with its acknowledgement
  if (order.state !== null) return;
  order.state = row.state;
  if (reconnection.orders.some((candidate) => candidate.state === null)) return;
  map.delete(target.deviceRowId);
  const { userId, reconnectedAt, orders } = reconnection;
  ctx.background.run('late orders notice', async () => {
    // recorded, then delivered: the owner's e-mail outlives a process that dies now (decision 055)
    await ctx.events.record(ctx.db, 'lateOrdersApplied', {
      userId,
      deviceRowId: target.deviceRowId,
      reconnectedAt: reconnectedAt.toISOString(),
      orders: orders.map(({ type, createdAt, state }) => ({
        type,
        createdAt: createdAt.toISOString(),
        state: state!,
      })),
    });
    deliverEventsSoon(ctx, 'lateOrdersApplied');
  });
}
