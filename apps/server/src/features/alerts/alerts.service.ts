/**
 * Alerts (SOS) and the open alert route (docs/device-protocol.md section 9). A phone opens an alert with its
 * position (one open per phone: asking again gives the open one back), adds positions while it is open, and
 * ends it; its owner can end it too. Opening tells every accepted member of the owner's security network at
 * once, by e-mail (each member's own open alert link: alert-link.ts) and on their panels; the link's page
 * reads `getPublicAlert` with no sign-in, while its holder is still in the network and until
 * ALERT_LINK_VALID_AFTER_END_MS after the end. A phone opens at most ALERTS_PER_PHONE_MAX alerts in
 * ALERTS_PER_PHONE_WINDOW_MS (alerts.limits.ts). Another phone's or another user's alert is answered
 * NOT_FOUND, as one that does not exist.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  ALERT_LINK_VALID_AFTER_END_MS,
  ALERT_POSITION_MIN_INTERVAL_MS,
  ALERT_PUBLIC_MAX_POSITIONS,
  type AlertCentral,
  type NetworkAlert,
  type OwnAlert,
  type PublicAlert,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { deliverEventsSoon } from '../../lib/outbox/outbox.ts';
import { AppError } from '../../lib/app-error.ts';
import { alertPositions, alerts } from './alerts.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { securityNetworkMembers } from '../network/network.schema.ts';
import { users } from '../accounts/accounts.schema.ts';
import type { DeviceAuth } from '../../lib/http/routes.ts';
import { isUniqueViolation } from '../../lib/db/errors.ts';
import { listAcceptedMembers } from '../network/network.members.ts';
import { alertUrl, isGenuineLink, parseLinkToken } from './alert-link.ts';
import { forgive, takeHits } from '../../lib/throttle/throttle.ts';
import { alertLimits } from './alerts.limits.ts';

type AlertRow = typeof alerts.$inferSelect;

const notFound = () => new AppError('NOT_FOUND', 'No encontramos esa alerta.');

async function findOpenAlert(ctx: AppContext, deviceRowId: number): Promise<AlertRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.deviceId, deviceRowId), isNull(alerts.endedAt)))
    .limit(1);
  return row;
}

/**
 * A phone raises an SOS; its network hears of it at once. An alert already open is given back (and
 * not counted); a new one counts against the phone's limit, refused with RATE_LIMITED before anything
 * is stored or e-mailed.
 */
export async function openAlert(
  ctx: AppContext,
  auth: DeviceAuth,
  position: { lat: number; lng: number },
): Promise<{ alert_id: number }> {
  const open = await findOpenAlert(ctx, auth.deviceRowId);
  if (open) return { alert_id: open.id };
  const hits = await takeHits(ctx, [{ limit: alertLimits.perPhone, subject: String(auth.deviceRowId) }]);
  const now = ctx.now();
  const nonce = randomBytes(32).toString('base64url');
  let row: AlertRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(alerts)
        .values({
          userId: auth.userId,
          deviceId: auth.deviceRowId,
          linkNonce: nonce,
          createdAt: now,
          lastPositionAt: now,
        })
        .returning();
      await tx.insert(alertPositions).values({ alertId: inserted!.id, ...position, recordedAt: now });
      // the network's e-mails are never lost to a process that dies after this commit (decision 055)
      await ctx.events.record(tx, 'alertRaised', { userId: auth.userId, alertId: inserted!.id });
      return inserted!;
    });
  } catch (error) {
    // the same phone raised it twice at once: the other request opened it and tells the network
    const raced = isUniqueViolation(error) ? await findOpenAlert(ctx, auth.deviceRowId) : undefined;
    // this request opened nothing: only the one that did counts against the limit
    await forgive(ctx.db, { ids: hits });
    if (raced) return { alert_id: raced.id };
    throw error;
  }
  deliverEventsSoon(ctx, 'alertRaised');
  await tellPanels(ctx, row, true);
  return { alert_id: row.id };
}

/**
 * Realtime messages (opening and end) to the owner's accepted members and to the owner's own panels.
 * The members' e-mails follow the alertRaised event (network/mail-network.ts).
 */
async function tellPanels(
  ctx: AppContext,
  alert: AlertRow,
  isOpening: boolean,
  centralOutcome?: string,
): Promise<void> {
  const [owner] = await ctx.db
    .select({ name: users.name, telefono: users.telefono })
    .from(users)
    .where(eq(users.id, alert.userId));
  if (!owner) return;
  const message = {
    alert_id: alert.id,
    open: isOpening,
    name: owner.name,
    started_at: alert.createdAt.toISOString(),
    ...(centralOutcome === undefined ? {} : { central_outcome: centralOutcome }),
  };
  // each one's own link: a member's ends when they leave the network (alert-link.ts)
  const toEach = (userId: number, isOwn: boolean) =>
    ctx.realtime.toUser(userId, 'alertChanged', {
      ...message,
      url: alertUrl(ctx, alert, userId),
      is_own: isOwn,
    });
  toEach(alert.userId, true);
  for (const member of await listAcceptedMembers(ctx, alert.userId)) toEach(member.userId, false);
}

/**
 * A position while the alert is open, at most one every ALERT_POSITION_MIN_INTERVAL_MS: one
 * conditional UPDATE checks the alert is this phone's and open, and books the pace, so it holds
 * across processes and requests sent at once.
 */
export async function addPosition(
  ctx: AppContext,
  auth: DeviceAuth,
  input: { alert_id: number; lat: number; lng: number },
): Promise<{ code: 200 }> {
  const now = ctx.now();
  const earliest = new Date(now.getTime() - ALERT_POSITION_MIN_INTERVAL_MS);
  const booked = await ctx.db
    .update(alerts)
    .set({ lastPositionAt: now })
    .where(
      and(
        eq(alerts.id, input.alert_id),
        eq(alerts.deviceId, auth.deviceRowId),
        isNull(alerts.endedAt),
        sql`(${alerts.lastPositionAt} is null or ${alerts.lastPositionAt} <= ${earliest.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: alerts.id });
  if (booked.length === 0) {
    const [alert] = await ctx.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.id, input.alert_id), eq(alerts.deviceId, auth.deviceRowId)));
    if (!alert) throw notFound();
    if (alert.endedAt) throw new AppError('ALERT_ENDED');
    const waitMs = (alert.lastPositionAt?.getTime() ?? 0) + ALERT_POSITION_MIN_INTERVAL_MS - now.getTime();
    const retryAfterS = Math.max(1, Math.ceil(waitMs / 1000));
    throw new AppError(
      'RATE_LIMITED',
      `Demasiadas posiciones seguidas: como máximo una cada ${ALERT_POSITION_MIN_INTERVAL_MS / 1000} s.`,
      undefined,
      { retryAfterS },
    );
  }
  await ctx.db
    .insert(alertPositions)
    .values({ alertId: input.alert_id, lat: input.lat, lng: input.lng, recordedAt: now });
  return { code: 200 };
}

/** how the central attends it, as the owner and the network read it */
const centralOf = (alert: AlertRow): AlertCentral =>
  alert.centralOperatorName && alert.centralStatus === 'attending'
    ? { status: alert.centralStatus, operator_name: alert.centralOperatorName }
    : { status: alert.centralStatus };

/**
 * The central took, gave back or closed the alert (decision 062): what the owner and the network
 * read beside it from now on, told to their panels at once. `operatorName` is the attending
 * operator's full name: only the first name is kept.
 */
export async function setAlertCentralState(
  ctx: AppContext,
  alertId: number,
  state: { status: AlertCentral['status']; operatorName?: string | null },
): Promise<void> {
  const firstName =
    state.status === 'attending' ? (state.operatorName?.trim().split(/\s+/)[0] ?? null) : null;
  const [alert] = await ctx.db
    .update(alerts)
    .set({ centralStatus: state.status, centralOperatorName: firstName })
    .where(eq(alerts.id, alertId))
    .returning();
  if (!alert) return;
  const central = centralOf(alert);
  ctx.realtime.toUser(alert.userId, 'alertCentral', { alert_id: alert.id, is_own: true, central });
  for (const member of await listAcceptedMembers(ctx, alert.userId))
    ctx.realtime.toUser(member.userId, 'alertCentral', { alert_id: alert.id, is_own: false, central });
}

/** An atención of the central keeps the alert's positions past their retention (docs/privacy.md). */
export async function keepAlertPositions(ctx: AppContext, alertId: number): Promise<void> {
  await ctx.db.update(alerts).set({ positionsKept: true }).where(eq(alerts.id, alertId));
}

/** The alert's positions, oldest first (at most `limit`, the newest): the central's map. */
export async function listAlertPositions(ctx: AppContext, alertId: number, limit: number) {
  const rows = await ctx.db
    .select()
    .from(alertPositions)
    .where(eq(alertPositions.alertId, alertId))
    .orderBy(desc(alertPositions.id))
    .limit(limit);
  return rows.reverse().map((p) => ({ lat: p.lat, lng: p.lng, at: p.recordedAt.toISOString() }));
}

/**
 * Ends an alert of this phone (`deviceRowId`) or this owner (`userId`); ending it again is fine. The
 * central ends one on the owner's behalf with what it turned out to be (`centralOutcome`, in
 * Spanish), which the owner's and the network's panels are told.
 */
export async function closeAlert(
  ctx: AppContext,
  who: { deviceRowId: number } | { userId: number },
  alertId: number,
  centralOutcome?: string,
): Promise<{ code: 200 }> {
  const owned = 'deviceRowId' in who ? eq(alerts.deviceId, who.deviceRowId) : eq(alerts.userId, who.userId);
  const [ended] = await ctx.db
    .update(alerts)
    .set({ endedAt: ctx.now() })
    .where(and(eq(alerts.id, alertId), owned, isNull(alerts.endedAt)))
    .returning();
  if (ended) {
    await tellPanels(ctx, ended, false, centralOutcome);
    return { code: 200 };
  }
  const [existing] = await ctx.db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.id, alertId), owned));
  if (!existing) throw notFound();
  return { code: 200 };
}

/** The owner's open alerts, newest first, with the owner's own link to the page (Home's banner). */
export async function listOpenAlerts(ctx: AppContext, userId: number): Promise<{ alerts: OwnAlert[] }> {
  const rows = await ctx.db
    .select({ alert: alerts, deviceId: devices.deviceId, deviceName: devices.deviceName })
    .from(alerts)
    .innerJoin(devices, eq(devices.id, alerts.deviceId))
    .where(and(eq(alerts.userId, userId), isNull(alerts.endedAt)))
    .orderBy(desc(alerts.createdAt), desc(alerts.id));
  return {
    alerts: rows.map(({ alert, deviceId, deviceName }) => ({
      id: alert.id,
      device_id: deviceId,
      device_name: deviceName,
      started_at: alert.createdAt.toISOString(),
      url: alertUrl(ctx, alert, userId),
      central: centralOf(alert),
    })),
  };
}

/**
 * The open alerts of the owners whose network `memberUserId` has joined (accepted), newest first: what
 * a member signing in while one is open must see, since `alertChanged` only tells of changes.
 */
export async function listNetworkOpenAlerts(
  ctx: AppContext,
  memberUserId: number,
): Promise<{ alerts: NetworkAlert[] }> {
  const rows = await ctx.db
    .select({ alert: alerts, name: users.name })
    .from(alerts)
    .innerJoin(users, eq(users.id, alerts.userId))
    .innerJoin(
      securityNetworkMembers,
      and(
        eq(securityNetworkMembers.ownerUserId, alerts.userId),
        eq(securityNetworkMembers.memberUserId, memberUserId),
        eq(securityNetworkMembers.status, 'aceptada'),
      ),
    )
    .where(isNull(alerts.endedAt))
    .orderBy(desc(alerts.createdAt), desc(alerts.id));
  return {
    alerts: rows.map(({ alert, name }) => ({
      id: alert.id,
      name,
      started_at: alert.createdAt.toISOString(),
      url: alertUrl(ctx, alert, memberUserId),
    })),
  };
}

/**
 * The open alert page's data, by its link's token: 404 unknown (or not made by us), 410
 * ALERT_EXPIRED ALERT_LINK_VALID_AFTER_END_MS after the end, 410 ALERT_LINK_REVOKED once the link's
 * holder is neither the owner nor an accepted member of the owner's network (removed: ended at once).
 */
export async function getPublicAlert(ctx: AppContext, token: string): Promise<PublicAlert> {
  const unknown = () =>
    new AppError('NOT_FOUND', 'No encontramos esta alerta. Revisa que el enlace esté completo.');
  const parsed = parseLinkToken(token);
  if (!parsed) throw unknown();
  const [row] = await ctx.db
    .select({ alert: alerts, name: users.name, telefono: users.telefono, deviceName: devices.deviceName })
    .from(alerts)
    .innerJoin(users, eq(users.id, alerts.userId))
    .innerJoin(devices, eq(devices.id, alerts.deviceId))
    .where(eq(alerts.id, parsed.alertId))
    .limit(1);
  if (!row || !isGenuineLink(ctx, parsed, row.alert.linkNonce)) throw unknown();
  const { alert } = row;
  const expiresAt = alert.endedAt ? new Date(alert.endedAt.getTime() + ALERT_LINK_VALID_AFTER_END_MS) : null;
  if (expiresAt && ctx.now() >= expiresAt) throw new AppError('ALERT_EXPIRED');
  if (parsed.holderUserId !== alert.userId) {
    const [membership] = await ctx.db
      .select({ id: securityNetworkMembers.id })
      .from(securityNetworkMembers)
      .where(
        and(
          eq(securityNetworkMembers.ownerUserId, alert.userId),
          eq(securityNetworkMembers.memberUserId, parsed.holderUserId),
          eq(securityNetworkMembers.status, 'aceptada'),
        ),
      )
      .limit(1);
    if (!membership) throw new AppError('ALERT_LINK_REVOKED');
  }
  const positions = await listAlertPositions(ctx, alert.id, ALERT_PUBLIC_MAX_POSITIONS);
  return {
    who: { name: row.name, telefono: row.telefono },
    device_name: row.deviceName,
    started_at: alert.createdAt.toISOString(),
    ended_at: alert.endedAt?.toISOString() ?? null,
    open: alert.endedAt === null,
    expires_at: expiresAt?.toISOString() ?? null,
    central: centralOf(alert),
    positions,
  };
}
