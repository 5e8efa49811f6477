/**
 * The central's live queue (decision 062): events raised by an SOS or a phone put in lost mode, seen
 * by every operator at once, each taken by one. Taking is one conditional UPDATE, so that of two
 * operators on two processes exactly one gets it; while a customer's event is taken, that customer's
 * new events go to the same operator.
 */
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CENTRAL_EVENT_PRIORITY, type CentralEvent, type CentralEventKind } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { users } from '../accounts/accounts.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { centralEvents } from './central.schema.ts';

const operators = alias(users, 'operators');

type Position = { lat: number; lng: number; at: string };

/**
 * The event's newest position: the alert's for an SOS, otherwise the phone's newest lost-mode
 * report (a lost phone sends one every few minutes).
 */
const lastPosition = sql<Position | null>`case when ${centralEvents.kind} = 'sos' then (
    select json_build_object('lat', p.lat, 'lng', p.lng, 'at', p.recorded_at)
    from alert_positions p where p.alert_id = ${centralEvents.alertId}
    order by p.id desc limit 1
  ) else (
    select json_build_object('lat', r.lat, 'lng', r.lng, 'at', r.created_at)
    from lost_reports r where r.device_id = ${centralEvents.deviceId}
    order by r.created_at desc limit 1
  ) end`;

async function readEvents(ctx: AppContext, where: SQL | undefined): Promise<CentralEvent[]> {
  const rows = await ctx.db
    .select({
      event: centralEvents,
      customer: { id: users.id, name: users.name, telefono: users.telefono },
      device: { device_id: devices.deviceId, device_name: devices.deviceName, device_so: devices.deviceSo },
      operator: { id: operators.id, name: operators.name },
      lastPosition,
    })
    .from(centralEvents)
    .innerJoin(users, eq(users.id, centralEvents.userId))
    .leftJoin(devices, eq(devices.id, centralEvents.deviceId))
    .leftJoin(operators, eq(operators.id, centralEvents.claimedBy))
    .where(where)
    .orderBy(desc(centralEvents.priority), asc(centralEvents.createdAt), asc(centralEvents.id));
  return rows.map(({ event, customer, device, operator, lastPosition: position }) => ({
    id: event.id,
    kind: event.kind,
    priority: event.priority,
    created_at: event.createdAt.toISOString(),
    status: event.status,
    customer,
    device: device?.device_id ? device : null,
    last_position: position && { ...position, at: new Date(position.at).toISOString() },
    claimed_by: operator?.id ? operator : null,
    claimed_at: event.claimedAt?.toISOString() ?? null,
  }));
}

const readEvent = async (ctx: AppContext, eventId: number) =>
  (await readEvents(ctx, eq(centralEvents.id, eventId)))[0];

/** every operator's screen hears of the event as it now stands */
async function tellOperators(ctx: AppContext, eventId: number): Promise<CentralEvent> {
  const event = await readEvent(ctx, eventId);
  if (!event) throw new Error(`central event ${eventId} is gone`);
  ctx.realtime.toOperators('centralEvent', { event });
  return event;
}

/**
 * Raises an event for the central, once per cause: an SOS once per alert; a phone's other kinds once
 * while one of its kind is not closed (a repeat of the delivery, or lost mode turned on again, adds
 * nothing). Null when it was raised already.
 */
export async function raiseCentralEvent(
  ctx: AppContext,
  cause: { kind: CentralEventKind; userId: number; deviceRowId: number; alertId?: number },
): Promise<CentralEvent | null> {
  const now = ctx.now();
  // the operator attending this customer already, if one is: the new event is theirs too
  const attending = sql<number | null>`(
    select c.claimed_by from central_events c
    where c.user_id = ${cause.userId} and c.status = 'claimed' and c.claimed_by is not null
    order by c.claimed_at desc limit 1
  )`;
  const [raised] = await ctx.db
    .insert(centralEvents)
    .values({
      kind: cause.kind,
      priority: CENTRAL_EVENT_PRIORITY[cause.kind],
      userId: cause.userId,
      deviceId: cause.deviceRowId,
      alertId: cause.alertId ?? null,
      createdAt: now,
      claimedBy: attending,
      status: sql`case when ${attending} is null then 'open' else 'claimed' end`,
      claimedAt: sql`case when ${attending} is null then null else ${now.toISOString()}::timestamptz end`,
    })
    .onConflictDoNothing()
    .returning({ id: centralEvents.id });
  if (!raised) return null;
  return tellOperators(ctx, raised.id);
}

export async function listQueue(ctx: AppContext): Promise<{ events: CentralEvent[] }> {
  return { events: await readEvents(ctx, ne(centralEvents.status, 'closed')) };
}

/** why an event could not be taken or given back, once the conditional UPDATE changed nothing */
async function refusal(ctx: AppContext, eventId: number, operatorId: number, isRelease: boolean) {
  const event = await readEvent(ctx, eventId);
  if (!event) return { error: new AppError('NOT_FOUND', 'No encontramos ese evento.') };
  if (event.status === 'closed') return { error: new AppError('CENTRAL_EVENT_CLOSED') };
  if (event.status === 'open') return isRelease ? { error: new AppError('CENTRAL_EVENT_NOT_CLAIMED') } : {};
  if (event.claimed_by?.id === operatorId) return { event };
  const holder = event.claimed_by?.name ?? 'Otro operador';
  return { error: new AppError('ALREADY_CLAIMED', `${holder} ya tomó este evento.`) };
}

export async function claimEvent(
  ctx: AppContext,
  operatorId: number,
  eventId: number,
  attempt = 1,
): Promise<{ status: 'claimed'; event: CentralEvent }> {
  const [taken] = await ctx.db
    .update(centralEvents)
    .set({ status: 'claimed', claimedBy: operatorId, claimedAt: ctx.now() })
    .where(and(eq(centralEvents.id, eventId), eq(centralEvents.status, 'open')))
    .returning({ id: centralEvents.id });
  if (taken) return { status: 'claimed' as const, event: await tellOperators(ctx, taken.id) };
  const { error, event } = await refusal(ctx, eventId, operatorId, false);
  if (error) throw error;
  // already this operator's: taking it again answers it as it is
  if (event) return { status: 'claimed' as const, event };
  // it was given back between the UPDATE and the read: try once more
  if (attempt > 2) throw new AppError('SERVER_BUSY');
  return claimEvent(ctx, operatorId, eventId, attempt + 1);
}

export async function releaseEvent(
  ctx: AppContext,
  operatorId: number,
  eventId: number,
  attempt = 1,
): Promise<{ status: 'open'; event: CentralEvent }> {
  const [released] = await ctx.db
    .update(centralEvents)
    .set({ status: 'open', claimedBy: null, claimedAt: null })
    .where(
      and(
        eq(centralEvents.id, eventId),
        eq(centralEvents.status, 'claimed'),
        eq(centralEvents.claimedBy, operatorId),
      ),
    )
    .returning({ id: centralEvents.id });
  if (released) return { status: 'open' as const, event: await tellOperators(ctx, released.id) };
  const { error } = await refusal(ctx, eventId, operatorId, true);
  if (error) throw error;
  // held by this operator after all (taken again meanwhile): give it back once more
  if (attempt > 2) throw new AppError('SERVER_BUSY');
  return releaseEvent(ctx, operatorId, eventId, attempt + 1);
}
