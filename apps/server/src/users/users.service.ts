/** The account as the panel and the phone app read it (spec section 3); the account itself is accounts/. */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { CHILE_TIME_ZONE, type User } from '@escudo/contract';
import type { AppContext } from '../lib/context.ts';
import { AppError } from '../lib/app-error.ts';
import { cuadrantes } from '../geography/geography.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { userPlans, users } from '../accounts/accounts.schema.ts';
import { preparedPerDatabase } from '../lib/db/prepared.ts';
import { findCataloguePlan } from '../plans/plans.service.ts';
import { toDevice, toDeviceState } from '../devices/devices.service.ts';
import { lastPositionOfDevice, toLastPosition } from './last-positions.ts';
import { avatarUrl } from './avatar.service.ts';
import { twoFactor } from '../two-factor/two-factor.schema.ts';

/** The realtime URLs of a zone: its own cluster's, or this server's when none is set. */
function realtimeUrls(
  ctx: AppContext,
  zone: { primaryFdbUrl: string | null; trackingFdbUrl: string | null },
) {
  return {
    primary_fdb_url: zone.primaryFdbUrl ?? `${ctx.env.PUBLIC_URL}/panel`,
    tracking_fdb_url: zone.trackingFdbUrl ?? `${ctx.env.PUBLIC_URL}/panel`,
  };
}

// The day the plan's paid time ends in Chile's calendar, written by the database: in JavaScript,
// Intl's formatToParts cost about 20 µs of every call, 5 % of user details (issue 31, bench/RESULTS.md).
const chileZone = sql.raw(`'${CHILE_TIME_ZONE}'`);
const planExpiresOn = sql<string | null>`
  to_char(${userPlans.expiresAt} at time zone ${chileZone}, 'YYYY-MM-DD')`;

const findUserDetailRows = preparedPerDatabase((db) =>
  db
    .select({
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        emailVerifiedAt: users.emailVerifiedAt,
        role: users.role,
        avatarKey: users.avatarKey,
        direccion: users.direccion,
        telefono: users.telefono,
        rut: users.rut,
        paisId: users.paisId,
        regionId: users.regionId,
        comunaId: users.comunaId,
        genero: users.genero,
        nacimiento: users.nacimiento,
        cuadranteId: users.cuadranteId,
        codigoInvitacion: users.codigoInvitacion,
      },
      // two-step sign-in is on once its secret is confirmed (two-factor.schema.ts)
      twoFactorEnabledAt: twoFactor.enabledAt,
      cuadrante: cuadrantes,
      planRow: {
        id: userPlans.id,
        planId: userPlans.planId,
        startedAt: userPlans.startedAt,
        expiresAt: userPlans.expiresAt,
        expiresOn: planExpiresOn,
      },
      device: {
        id: devices.id,
        deviceId: devices.deviceId,
        deviceBrand: devices.deviceBrand,
        deviceName: devices.deviceName,
        deviceModel: devices.deviceModel,
        deviceSo: devices.deviceSo,
        deviceSoversion: devices.deviceSoversion,
        lastSeenAt: devices.lastSeenAt,
        battery: devices.battery,
        charging: devices.charging,
        network: devices.network,
        statusAt: devices.statusAt,
      },
      // each phone's last known position (issue 30 item 3), in the same round trip
      lastPosition: lastPositionOfDevice,
    })
    .from(users)
    .leftJoin(cuadrantes, eq(cuadrantes.id, users.cuadranteId))
    // at most one row each: two_factor and user_plans are keyed by the user (one query, not three)
    .leftJoin(twoFactor, eq(twoFactor.userId, users.id))
    .leftJoin(userPlans, eq(userPlans.userId, users.id))
    // one row per device (a plan allows a handful)
    .leftJoin(devices, and(eq(devices.userId, users.id), isNull(devices.removedAt)))
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(asc(devices.id))
    .prepare('find_user_detail_rows'),
);

/**
 * spec section 3: the User with info, dispositivos and plan. It runs on every screen of the panel
 * and the phone app, so it is one prepared query plus the cached plan catalogue (bench/RESULTS.md).
 */
export async function getUserDetails(ctx: AppContext, userId: number): Promise<User> {
  const rows = await findUserDetailRows(ctx.db).execute({ userId });
  const [row] = rows;
  if (!row) throw new AppError('UNAUTHENTICATED');
  const { planRow } = row;
  const deviceRows = rows.flatMap(({ device, lastPosition }) => (device ? [{ device, lastPosition }] : []));
  const [plan, online] = await Promise.all([
    planRow ? findCataloguePlan(ctx, planRow.planId) : undefined,
    // whether each phone is connected now (issue 30 item 3): one question to the realtime hub
    ctx.realtime.onlineDevices(deviceRows.map(({ device }) => device.id)),
  ]);
  const { user, cuadrante } = row;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    role: user.role,
    info: {
      avatar: avatarUrl(ctx, user.avatarKey),
      direccion: user.direccion,
      telefono: user.telefono,
      rut: user.rut,
      pais: user.paisId,
      region: user.regionId,
      comuna: user.comunaId,
      genero: user.genero,
      nacimiento: user.nacimiento,
      cuadrante_id: user.cuadranteId,
      codigo_invitacion: user.codigoInvitacion,
      cuadrante: cuadrante
        ? { id: cuadrante.id, name: cuadrante.name, ...realtimeUrls(ctx, cuadrante) }
        : null,
    },
    dispositivos: deviceRows.map(({ device, lastPosition }) => ({
      ...toDevice(device),
      ...toDeviceState(device, online.has(device.id)),
      last_position: toLastPosition(lastPosition),
    })),
    plan:
      planRow && plan
        ? {
            id: planRow.id,
            plan_id: planRow.planId,
            started_at: planRow.startedAt.toISOString(),
            expires_at: planRow.expiresAt?.toISOString() ?? null,
            expires_on: planRow.expiresOn,
            plan,
          }
        : null,
    two_factor_enabled: row.twoFactorEnabledAt !== null,
  };
}
