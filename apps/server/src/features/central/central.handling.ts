/**
 * Handling an event (decision 062): what the operator holding it reads on one screen, and the
 * atención opened for it. An operator reads only the event they hold (a supervisor, any); every read
 * is in the customer's activity, in the transaction that read it, as the central's other looks are
 * (decision 053).
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { CentralEventDetail, OperatorAtencion } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { users } from '../accounts/accounts.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { lostReports } from '../lostphone/lostphone.schema.ts';
import { keepAlertPositions, listAlertPositions } from '../alerts/alerts.service.ts';
import { findOperatorAtencion, listForCustomer, openAtencionFor } from '../atenciones/atenciones.service.ts';
import { listAcceptedMembers } from '../network/network.members.ts';
import { findOpenRoutePoints } from '../tracking/tracking.service.ts';
import { centralEvents, centralLog } from './central.schema.ts';
import { recordCentralActivity } from './central.activity.ts';
import { appendCentralStep } from './central.record.ts';
import { findOperator, readEvent, refusal } from './central.service.ts';

/** ours: enough of an SOS's walk for the map, and of a lost phone's reports (one every few minutes) */
const MAP_POSITIONS_MAX = 200;
const LOST_REPORTS_MAX = 50;
const ROUTE_POINTS_MAX = 500;
/**
 * ours: the handling screen asks again every 5 s to follow the positions; one look a minute is
 * recorded, so that a sitting is a few lines, and its holder's steps keep it from being returned
 * as untouched (central.escalation.ts)
 */
const VIEW_IS_NEW_AFTER_MS = 60_000;
/** ours: the customer's earlier atenciones the screen lists */
const EARLIER_ATENCIONES = 10;

type EventRow = typeof centralEvents.$inferSelect;

/**
 * The event's row, if the caller may handle it: its holder, or a supervisor when `isSupervisorToo`.
 * Refused as giving back is otherwise (open, closed, another's, unknown).
 */
async function requireHandled(
  ctx: AppContext,
  operatorId: number,
  eventId: number,
  isSupervisorToo: boolean,
) {
  const [[row], operator] = await Promise.all([
    ctx.db.select().from(centralEvents).where(eq(centralEvents.id, eventId)),
    findOperator(ctx, operatorId),
  ]);
  if (!operator) throw new AppError('UNAUTHENTICATED');
  const isHolder = row?.status === 'claimed' && row.claimedBy === operatorId;
  const isSupervising = isSupervisorToo && operator.is_supervisor && row && row.status !== 'closed';
  if (row && (isHolder || isSupervising)) return { row, operator };
  const { error } = await refusal(ctx, eventId, operatorId, true);
  throw error ?? new AppError('CENTRAL_EVENT_CLOSED');
}

async function positionsOf(ctx: AppContext, row: EventRow) {
  if (row.alertId !== null) return listAlertPositions(ctx, row.alertId, MAP_POSITIONS_MAX);
  if (row.deviceId === null) return [];
  const reports = await ctx.db
    .select({ lat: lostReports.lat, lng: lostReports.lng, at: lostReports.createdAt })
    .from(lostReports)
    .where(eq(lostReports.deviceId, row.deviceId))
    .orderBy(desc(lostReports.createdAt))
    .limit(LOST_REPORTS_MAX);
  return reports.reverse().map((report) => ({ ...report, at: report.at.toISOString() }));
}

async function deviceOf(ctx: AppContext, deviceRowId: number | null): Promise<CentralEventDetail['device']> {
  if (deviceRowId === null) return null;
  const [[device], online] = await Promise.all([
    ctx.db
      .select()
      .from(devices)
      .where(and(eq(devices.id, deviceRowId), isNull(devices.removedAt))),
    ctx.realtime.onlineDevices([deviceRowId]),
  ]);
  if (!device) return null;
  return {
    device_id: device.deviceId,
    device_name: device.deviceName,
    device_brand: device.deviceBrand,
    device_model: device.deviceModel,
    device_so: device.deviceSo,
    online: online.has(device.id),
    is_lost: device.lost,
    battery: device.battery,
    network: device.network,
    last_seen_at: device.lastSeenAt?.toISOString() ?? null,
  };
}

/** The event with everything needed to handle it; the read is recorded in the customer's activity. */
export async function readEventDetail(
  ctx: AppContext,
  operatorId: number,
  eventId: number,
): Promise<CentralEventDetail> {
  const { row, operator } = await requireHandled(ctx, operatorId, eventId, true);
  const [event, [customer], device, positions, route, members, earlier] = await Promise.all([
    readEvent(ctx, eventId),
    ctx.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        telefono: users.telefono,
        rut: users.rut,
      })
      .from(users)
      .where(eq(users.id, row.userId)),
    deviceOf(ctx, row.deviceId),
    positionsOf(ctx, row),
    row.deviceId === null ? null : findOpenRoutePoints(ctx, row.deviceId, ROUTE_POINTS_MAX),
    listAcceptedMembers(ctx, row.userId),
    listForCustomer(ctx, row.userId, { limit: EARLIER_ATENCIONES, page: 1 }),
  ]);
  if (!event || !customer) throw new AppError('NOT_FOUND', 'No encontramos ese evento.');
  // the answer goes out only once its look is in the customer's activity and in the record; the
  // screen asks again every few seconds, and a sitting is one look (VIEW_IS_NEW_AFTER_MS)
  const [lastView] = await ctx.db
    .select({ at: centralLog.at })
    .from(centralLog)
    .where(
      and(
        eq(centralLog.eventId, eventId),
        eq(centralLog.actorId, operatorId),
        eq(centralLog.action, 'viewed'),
      ),
    )
    .orderBy(desc(centralLog.id))
    .limit(1);
  if (!lastView || ctx.now().getTime() - lastView.at.getTime() >= VIEW_IS_NEW_AFTER_MS)
    await ctx.db.transaction(async (tx) => {
      await recordCentralActivity(ctx, tx, row, 'central_viewed', operator.name);
      await appendCentralStep(tx, { at: ctx.now(), eventId, actorId: operatorId, action: 'viewed' });
    });
  return {
    event,
    customer,
    device,
    positions,
    route,
    network: members.map(({ name, email, telefono }) => ({ name, email, telefono })),
    // the event's own atención is below the screen, not among the earlier ones
    atenciones: earlier.atenciones.filter((atencion) => atencion.id !== row.atencionId),
    atencion_id: row.atencionId,
  };
}

/**
 * Opens the atención of an event its caller holds, once: the event's row is locked meanwhile, so
 * that two requests at once open one. An SOS's positions are kept with it.
 */
export async function openEventAtencion(
  ctx: AppContext,
  operatorId: number,
  eventId: number,
): Promise<{ atencion: OperatorAtencion }> {
  await requireHandled(ctx, operatorId, eventId, false);
  const opened = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(centralEvents).where(eq(centralEvents.id, eventId)).for('update');
    if (!row) throw new AppError('NOT_FOUND', 'No encontramos ese evento.');
    if (row.atencionId !== null) return { atencionId: row.atencionId, row };
    const { atencion } = await openAtencionFor(ctx, tx, operatorId, row.userId);
    await tx.update(centralEvents).set({ atencionId: atencion.id }).where(eq(centralEvents.id, eventId));
    await appendCentralStep(tx, {
      at: ctx.now(),
      eventId,
      actorId: operatorId,
      action: 'atencion',
      detail: { atencion_id: atencion.id },
    });
    return { atencionId: atencion.id, row };
  });
  if (opened.row.alertId !== null) await keepAlertPositions(ctx, opened.row.alertId);
  const atencion = await findOperatorAtencion(ctx, opened.atencionId);
  if (!atencion) throw new AppError('NOT_FOUND', 'No encontramos la atención de este evento.');
  return { atencion };
}
