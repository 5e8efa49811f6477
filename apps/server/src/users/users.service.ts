/** The account as the panel and the phone app read it (spec section 3); the account itself is accounts/. */
import { CHILE_TIME_ZONE, type LastPosition, type User, type UserDevice } from '@escudo/contract';
import type { AppContext } from '../lib/context.ts';
import { AppError } from '../lib/app-error.ts';
import { isoText, plainQuery } from '../lib/db/plain-query.ts';
import { findCataloguePlan } from '../plans/plans.service.ts';
import { lastPositionSql } from './last-positions.ts';
import { avatarUrl } from './avatar.service.ts';

interface UserDetailRow {
  id: number;
  name: string;
  email: string;
  email_verified: boolean;
  role: User['role'];
  avatar_key: string | null;
  direccion: string | null;
  telefono: string | null;
  rut: string | null;
  pais_id: number | null;
  region_id: number | null;
  comuna_id: number | null;
  genero: number | null;
  nacimiento: string | null;
  cuadrante_id: number | null;
  codigo_invitacion: string;
  two_factor_enabled: boolean;
  cuadrante_name: string | null;
  primary_fdb_url: string | null;
  tracking_fdb_url: string | null;
  plan_row_id: number | null;
  plan_id: number | null;
  plan_started_at: string | null;
  plan_expires_at: string | null;
  plan_expires_on: string | null;
  device_row_id: number | null;
  device_id: string | null;
  device_brand: string | null;
  device_name: string | null;
  device_model: string | null;
  device_so: UserDevice['device_so'] | null;
  device_soversion: number | null;
  last_seen_at: string | null;
  battery: number | null;
  charging: boolean | null;
  network: UserDevice['network'];
  status_at: string | null;
  last_position: LastPosition | null;
}

/**
 * The account with its zone, two-step state and plan, one row per phone still on it (a plan allows a
 * handful), each with its last position; the tables behind it are the accounts/, geography/,
 * two-factor/ and devices/ schemas. two_factor and user_plans hold at most one row per user. The day
 * the plan's paid time ends in Chile's calendar is written by the database: in JavaScript, Intl's
 * formatToParts cost about 20 µs of every call (issue 31, bench/RESULTS.md).
 */
const findUserDetailRows = plainQuery<UserDetailRow>(
  'find_user_detail_rows',
  `select u.id, u.name, u.email, u.email_verified_at is not null as email_verified, u.role,
    u.avatar_key, u.direccion, u.telefono, u.rut, u.pais_id, u.region_id, u.comuna_id, u.genero,
    u.nacimiento::text as nacimiento, u.cuadrante_id, u.codigo_invitacion,
    -- two-step sign-in is on once its secret is confirmed (two-factor.schema.ts)
    tf.enabled_at is not null as two_factor_enabled,
    c.name as cuadrante_name, c.primary_fdb_url, c.tracking_fdb_url,
    p.id as plan_row_id, p.plan_id, ${isoText('p.started_at')} as plan_started_at,
    ${isoText('p.expires_at')} as plan_expires_at,
    to_char(p.expires_at at time zone '${CHILE_TIME_ZONE}', 'YYYY-MM-DD') as plan_expires_on,
    devices.id as device_row_id, devices.device_id, devices.device_brand, devices.device_name,
    devices.device_model, devices.device_so, devices.device_soversion,
    ${isoText('devices.last_seen_at')} as last_seen_at, devices.battery, devices.charging,
    devices.network, ${isoText('devices.status_at')} as status_at,
    -- each phone's last known position (issue 30 item 3), in the same round trip
    ${lastPositionSql('devices.id')} as last_position
  from users u
  left join cuadrantes c on c.id = u.cuadrante_id
  left join two_factor tf on tf.user_id = u.id
  left join user_plans p on p.user_id = u.id
  left join devices on devices.user_id = u.id and devices.removed_at is null
  where u.id = $1
  order by devices.id`,
);

/**
 * spec section 3: the User with info, dispositivos and plan. It runs on every screen of the panel
 * and the phone app, so it is one prepared query plus the cached plan catalogue (bench/RESULTS.md).
 */
export async function getUserDetails(ctx: AppContext, userId: number): Promise<User> {
  const rows = await findUserDetailRows(ctx.db, [userId]);
  const [row] = rows;
  if (!row) throw new AppError('UNAUTHENTICATED');
  const deviceRows = row.device_row_id === null ? [] : rows;
  const [plan, online] = await Promise.all([
    row.plan_id !== null ? findCataloguePlan(ctx, row.plan_id) : undefined,
    // whether each phone is connected now (issue 30 item 3): one question to the realtime hub
    ctx.realtime.onlineDevices(deviceRows.map((device) => device.device_row_id as number)),
  ]);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    email_verified: row.email_verified,
    role: row.role,
    info: {
      avatar: avatarUrl(ctx, row.avatar_key),
      direccion: row.direccion,
      telefono: row.telefono,
      rut: row.rut,
      pais: row.pais_id,
      region: row.region_id,
      comuna: row.comuna_id,
      genero: row.genero,
      nacimiento: row.nacimiento,
      cuadrante_id: row.cuadrante_id,
      codigo_invitacion: row.codigo_invitacion,
      cuadrante:
        row.cuadrante_id !== null && row.cuadrante_name !== null
          ? {
              id: row.cuadrante_id,
              name: row.cuadrante_name,
              // the zone's own realtime cluster, or this server when none is set
              primary_fdb_url: row.primary_fdb_url ?? `${ctx.env.PUBLIC_URL}/panel`,
              tracking_fdb_url: row.tracking_fdb_url ?? `${ctx.env.PUBLIC_URL}/panel`,
            }
          : null,
    },
    // written out field by field: spreading two objects into one took about 10 µs a phone (issue 31)
    dispositivos: deviceRows.map((device) => ({
      id: device.device_row_id as number,
      device_id: device.device_id as string,
      device_brand: device.device_brand as string,
      device_name: device.device_name as string,
      device_model: device.device_model as string,
      device_so: device.device_so as UserDevice['device_so'],
      device_soversion: device.device_soversion as number,
      online: online.has(device.device_row_id as number),
      last_seen_at: device.last_seen_at,
      battery: device.battery,
      charging: device.charging,
      network: device.network,
      status_at: device.status_at,
      last_position: device.last_position,
    })),
    plan:
      row.plan_row_id !== null && row.plan_id !== null && plan
        ? {
            id: row.plan_row_id,
            plan_id: row.plan_id,
            started_at: row.plan_started_at as string,
            expires_at: row.plan_expires_at,
            expires_on: row.plan_expires_on,
            plan,
          }
        : null,
    two_factor_enabled: row.two_factor_enabled,
  };
}
