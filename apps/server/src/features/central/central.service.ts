/**
 * The central's live queue (decision 062): events raised by an SOS or a phone put in lost mode, seen
 * by every operator at once, each taken by one. Taking is one conditional UPDATE, so that of two
 * operators on two processes exactly one gets it; while a customer's event is taken, that customer's
 * new events go to the same operator.
 */
import { and, asc, count, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CENTRAL_EVENT_PRIORITY,
  CENTRAL_OUTCOME_LABELS,
  type CentralEvent,
  type CentralEventKind,
  type CentralOutcome,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { users } from '../accounts/accounts.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { closeAlert, setAlertCentralState } from '../alerts/alerts.service.ts';
import { centralEvents } from './central.schema.ts';
import { recordCentralActivity } from './central.activity.ts';
import { appendCentralStep } from './central.record.ts';
import { claimTimes, closeTimes, countClaim, countClose, wasOpen } from './central.metrics.ts';

const operators = alias(users, 'operators');
const closers = alias(users, 'closers');

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

async function readEvents(
  ctx: AppContext,
  where: SQL | undefined,
  order: SQL[] = queueOrder,
  page?: { limit: number; page: number },
): Promise<CentralEvent[]> {
  const rows = await ctx.db
    .select({
      event: centralEvents,
      customer: { id: users.id, name: users.name, telefono: users.telefono },
      device: { device_id: devices.deviceId, device_name: devices.deviceName, device_so: devices.deviceSo },
      operator: { id: operators.id, name: operators.name },
      closer: { id: closers.id, name: closers.name },
      lastPosition,
    })
    .from(centralEvents)
    .innerJoin(users, eq(users.id, centralEvents.userId))
    .leftJoin(devices, eq(devices.id, centralEvents.deviceId))
    .leftJoin(operators, eq(operators.id, centralEvents.claimedBy))
    .leftJoin(closers, eq(closers.id, centralEvents.closedBy))
    .where(where)
    .orderBy(...order)
    .limit(page?.limit ?? Number.MAX_SAFE_INTEGER)
    .offset(page ? (page.page - 1) * page.limit : 0);
  return rows.map(({ event, customer, device, operator, closer, lastPosition: position }) => ({
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
    closed_at: event.closedAt?.toISOString() ?? null,
    closed_by: closer?.id ? closer : null,
    outcome: event.outcome,
    level: event.level,
    close_note: event.closeNote,
  }));
}

const queueOrder = [desc(centralEvents.priority), asc(centralEvents.createdAt), asc(centralEvents.id)];

export const readEvent = async (ctx: AppContext, eventId: number) =>
  (await readEvents(ctx, eq(centralEvents.id, eventId)))[0];

/**
 * Every operator's screen hears of the event as it now stands; for an SOS, the customer and their
 * network read how the central attends it beside the alert (alerts' setAlertCentralState).
 */
export async function tellOperators(ctx: AppContext, eventId: number): Promise<CentralEvent> {
  const [event, [cause]] = await Promise.all([
    readEvent(ctx, eventId),
    ctx.db
      .select({ alertId: centralEvents.alertId })
      .from(centralEvents)
      .where(eq(centralEvents.id, eventId)),
  ]);
  if (!event) throw new Error(`central event ${eventId} is gone`);
  ctx.realtime.toOperators('centralEvent', { event });
  if (cause?.alertId != null) {
    const status = ({ open: 'waiting', claimed: 'attending', closed: 'closed' } as const)[event.status];
    await setAlertCentralState(ctx, cause.alertId, { status, operatorName: event.claimed_by?.name ?? null });
  }
  return event;
}

/** as tellOperators, for an event just taken: the customer's activity says who took it */
async function tellTaken(ctx: AppContext, eventId: number): Promise<CentralEvent> {
  const event = await tellOperators(ctx, eventId);
  await recordCentralActivity(
    ctx,
    ctx.db,
    { userId: event.customer.id, kind: event.kind },
    'central_claimed',
    event.claimed_by?.name ?? '',
  );
  return event;
}

/**
 * Raises an event for the central, once per cause: an SOS once per alert; a phone's other kinds once
 * while one of its kind is not closed (a repeat of the delivery, or lost mode turned on again, adds
 * nothing). Null when it was raised already.
 */
export async function raiseCentralEvent(
  ctx: AppContext,
  cause: {
    kind: CentralEventKind;
    userId: number;
    deviceRowId: number;
    alertId?: number;
    /** for a cause delivered at least once, its own key (central.schema.ts `causeKey`) */
    causeKey?: string;
  },
): Promise<CentralEvent | null> {
  const now = ctx.now();
  // the operator attending this customer already, if one is: the new event is theirs too
  const attending = sql<number | null>`(
    select c.claimed_by from central_events c
    where c.user_id = ${cause.userId} and c.status = 'claimed' and c.claimed_by is not null
    order by c.claimed_at desc limit 1
  )`;
  const [raised] = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(centralEvents)
      .values({
        kind: cause.kind,
        priority: CENTRAL_EVENT_PRIORITY[cause.kind],
        userId: cause.userId,
        deviceId: cause.deviceRowId,
        alertId: cause.alertId ?? null,
        causeKey: cause.causeKey ?? null,
        createdAt: now,
        claimedBy: attending,
        status: sql`case when ${attending} is null then 'open' else 'claimed' end`,
        claimedAt: sql`case when ${attending} is null then null else ${now.toISOString()}::timestamptz end`,
      })
      .onConflictDoNothing()
      .returning({ id: centralEvents.id, claimedBy: centralEvents.claimedBy });
    if (rows[0])
      await appendCentralStep(tx, {
        at: now,
        eventId: rows[0].id,
        actorId: null,
        action: 'raised',
        detail: { kind: cause.kind, claimed_by: rows[0].claimedBy },
      });
    return rows;
  });
  if (!raised) return null;
  return tellOperators(ctx, raised.id);
}

/** the calling operator, as the central's screen and its rules need them */
export async function findOperator(ctx: AppContext, operatorId: number) {
  const [operator] = await ctx.db
    .select({ id: users.id, name: users.name, is_supervisor: users.isSupervisor })
    .from(users)
    .where(and(eq(users.id, operatorId), eq(users.role, 'operator'), isNull(users.disabledAt)));
  return operator;
}

export async function listQueue(ctx: AppContext, operatorId: number) {
  const [events, operator] = await Promise.all([
    readEvents(ctx, ne(centralEvents.status, 'closed')),
    findOperator(ctx, operatorId),
  ]);
  // the session of a disabled operator ends at once; one that races it learns nothing more
  if (!operator) throw new AppError('UNAUTHENTICATED');
  return { events, operator };
}

/** The closed events, newest closed first: what the central did. */
export async function listHistory(ctx: AppContext, page: { limit: number; page: number }) {
  const closed = eq(centralEvents.status, 'closed');
  const [events, [counted]] = await Promise.all([
    readEvents(ctx, closed, [desc(centralEvents.closedAt), desc(centralEvents.id)], page),
    ctx.db.select({ total: count() }).from(centralEvents).where(closed),
  ]);
  return { events, total: counted?.total ?? 0 };
}

/** The active operators, with how many events each holds: whom a supervisor can give one to. */
export async function listOperators(ctx: AppContext) {
  // the outer row named in full: in a query of one table, Drizzle writes its columns unqualified
  const holding = sql<number>`(
    select count(*)::int from central_events c
    where c.claimed_by = "users"."id" and c.status = 'claimed'
  )`;
  const operators = await ctx.db
    .select({ id: users.id, name: users.name, is_supervisor: users.isSupervisor, holding })
    .from(users)
    .where(and(eq(users.role, 'operator'), isNull(users.disabledAt)))
    .orderBy(asc(users.name), asc(users.id));
  return { operators };
}

/** why an event could not be taken or given back, once the conditional UPDATE changed nothing */
export async function refusal(ctx: AppContext, eventId: number, operatorId: number, isRelease: boolean) {
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
  const now = ctx.now();
  const [taken] = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(centralEvents)
      .set({ status: 'claimed', claimedBy: operatorId, claimedAt: now })
      .where(and(eq(centralEvents.id, eventId), eq(centralEvents.status, 'open')))
      .returning({ id: centralEvents.id, ...claimTimes });
    if (rows[0]) await appendCentralStep(tx, { at: now, eventId, actorId: operatorId, action: 'claimed' });
    return rows;
  });
  if (taken) countClaim(ctx, taken);
  if (taken) return { status: 'claimed' as const, event: await tellTaken(ctx, taken.id) };
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
  const [released] = await ctx.db.transaction(async (tx) => {
    const rows = await tx
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
    if (rows[0])
      await appendCentralStep(tx, { at: ctx.now(), eventId, actorId: operatorId, action: 'released' });
    return rows;
  });
  if (released) return { status: 'open' as const, event: await tellOperators(ctx, released.id) };
  const { error } = await refusal(ctx, eventId, operatorId, true);
  if (error) throw error;
  // held by this operator after all (taken again meanwhile): give it back once more
  if (attempt > 2) throw new AppError('SERVER_BUSY');
  return releaseEvent(ctx, operatorId, eventId, attempt + 1);
}

/**
 * Closes an event its caller holds, with what it turned out to be. Closing an SOS ends the customer's
 * alert too, on the customer's behalf: the customer's and the network's panels are told the outcome.
 */
export async function closeEvent(
  ctx: AppContext,
  operatorId: number,
  input: { event_id: number; outcome: CentralOutcome; level: number; note: string },
): Promise<{ status: 'closed'; event: CentralEvent }> {
  const now = ctx.now();
  const [closed] = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(centralEvents)
      .set({
        status: 'closed',
        closedAt: now,
        closedBy: operatorId,
        outcome: input.outcome,
        level: input.level,
        closeNote: input.note.trim() || null,
      })
      .where(
        and(
          eq(centralEvents.id, input.event_id),
          eq(centralEvents.status, 'claimed'),
          eq(centralEvents.claimedBy, operatorId),
        ),
      )
      .returning({ userId: centralEvents.userId, alertId: centralEvents.alertId, ...closeTimes });
    if (rows[0])
      await appendCentralStep(tx, {
        at: now,
        eventId: input.event_id,
        actorId: operatorId,
        action: 'closed',
        detail: { outcome: input.outcome, level: input.level },
      });
    return rows;
  });
  if (!closed) {
    const { error } = await refusal(ctx, input.event_id, operatorId, true);
    // held by this operator after all, yet not closed: it was closed by a request racing this one
    throw error ?? new AppError('CENTRAL_EVENT_CLOSED');
  }
  countClose(ctx, closed);
  if (closed.alertId !== null)
    await closeAlert(ctx, { userId: closed.userId }, closed.alertId, CENTRAL_OUTCOME_LABELS[input.outcome]);
  const event = await tellOperators(ctx, input.event_id);
  await recordCentralActivity(ctx, ctx.db, closed, 'central_closed', event.closed_by?.name ?? '');
  return { status: 'closed' as const, event };
}

/**
 * A supervisor gives an open or taken event to an operator (themselves included). The new holder is
 * told with every other operator, as for a claim.
 */
export async function assignEvent(
  ctx: AppContext,
  supervisorId: number,
  input: { event_id: number; operator_id: number },
): Promise<{ status: 'claimed'; event: CentralEvent }> {
  const [supervisor, target] = await Promise.all([
    findOperator(ctx, supervisorId),
    findOperator(ctx, input.operator_id),
  ]);
  if (!supervisor?.is_supervisor)
    throw new AppError('FORBIDDEN', 'Solo un supervisor puede asignar eventos a otro operador.');
  if (!target) throw new AppError('NOT_FOUND', 'No encontramos a ese operador, o está deshabilitado.');
  const now = ctx.now();
  const [assigned] = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(centralEvents)
      .set({ status: 'claimed', claimedBy: target.id, claimedAt: now })
      .where(and(eq(centralEvents.id, input.event_id), ne(centralEvents.status, 'closed')))
      .returning({ id: centralEvents.id, ...claimTimes, wasOpen });
    if (rows[0])
      await appendCentralStep(tx, {
        at: now,
        eventId: input.event_id,
        actorId: supervisorId,
        action: 'assigned',
        detail: { to: target.id },
      });
    return rows;
  });
  // an open event given to someone is a claim; one taken from a holder was claimed already
  if (assigned?.wasOpen) countClaim(ctx, assigned);
  if (assigned) return { status: 'claimed' as const, event: await tellTaken(ctx, assigned.id) };
  const event = await readEvent(ctx, input.event_id);
  throw event
    ? new AppError('CENTRAL_EVENT_CLOSED')
    : new AppError('NOT_FOUND', 'No encontramos ese evento.');
}
