/** The account as the panel and the phone app read it (spec section 3); the account itself is accounts/. */
import { CHILE_TIME_ZONE, type User, type UserDevice, type UserPlan } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isoText, plainQuery } from '../../lib/db/plain-query.ts';
import { findCataloguePlan } from '../plans/plans.service.ts';
import { lastPositionSql } from './last-positions.ts';
import { avatarUrl } from './avatar.service.ts';
import { REVIEW_PENDING_SQL } from '../account-review/account-review.service.ts';
import { EMAIL_CHANGE_DETAIL_SQL } from '../auth/email-change.ts';

/** what the database writes for user details: the answer but what only this server knows */
interface UserDetailJson {
  id: number;
  name: string;
  email: string;
  email_verified: boolean;
  role: User['role'];
  avatar_key: string | null;
  info: Omit<User['info'], 'avatar' | 'cuadrante'>;
  /** the realtime URLs are null where the zone has no cluster of its own */
  cuadrante: {
    id: number;
    name: string;
    primary_fdb_url: string | null;
    tracking_fdb_url: string | null;
  } | null;
  /** each without `online`, which the realtime hub knows */
  dispositivos: Array<Omit<UserDevice, 'online'> & { online?: boolean }>;
  /** without the catalogue's plan */
  plan: Omit<UserPlan, 'plan'> | null;
  two_factor_enabled: boolean;
  account_review_pending: boolean;
  email_change: User['email_change'];
}

/**
 * The account with its zone, two-step state, plan and phones still on it, each with its last
 * position, as one JSON value written by the database (decision 047): one row of one column, which
 * the driver reads with one JSON.parse, instead of a row per phone of forty columns, each parsed on
 * its own. The tables behind it are the accounts/, geography/, two-factor/ and devices/ schemas;
 * two_factor and user_plans hold at most one row per user. The day the plan's paid time ends in
 * Chile's calendar is written by the database too: in JavaScript, Intl's formatToParts cost about
 * 20 µs of every call (bench/RESULTS.md, "Planes without a date formatter"). Exported for bench:api's bare
 * anchor, which runs the same statement.
 */
export const USER_DETAILS_SQL = `select json_build_object(
    'id', u.id, 'name', u.name, 'email', u.email,
    'email_verified', u.email_verified_at is not null, 'role', u.role, 'avatar_key', u.avatar_key,
    'info', json_build_object(
      'direccion', u.direccion, 'telefono', u.telefono, 'rut', u.rut, 'pais', u.pais_id,
      'region', u.region_id, 'comuna', u.comuna_id, 'genero', u.genero, 'nacimiento', u.nacimiento,
      'cuadrante_id', u.cuadrante_id, 'codigo_invitacion', u.codigo_invitacion),
    'cuadrante', case when c.id is null then null else json_build_object(
      'id', c.id, 'name', c.name, 'primary_fdb_url', c.primary_fdb_url,
      'tracking_fdb_url', c.tracking_fdb_url) end,
    'dispositivos', coalesce((
      select json_agg(json_build_object(
        'id', devices.id, 'device_id', devices.device_id, 'device_brand', devices.device_brand,
        'device_name', devices.device_name, 'device_model', devices.device_model,
        'device_so', devices.device_so, 'device_soversion', devices.device_soversion,
        'last_seen_at', ${isoText('devices.last_seen_at')}, 'battery', devices.battery,
        'charging', devices.charging, 'network', devices.network,
        'status_at', ${isoText('devices.status_at')},
        -- each phone's last known position (decision 042), in the same round trip
        'last_position', ${lastPositionSql('devices.id')}
      ) order by devices.id)
      from devices where devices.user_id = u.id and devices.removed_at is null), '[]'),
    'plan', case when p.id is null then null else json_build_object(
      'id', p.id, 'plan_id', p.plan_id, 'started_at', ${isoText('p.started_at')},
      'expires_at', ${isoText('p.expires_at')},
      'expires_on', to_char(p.expires_at at time zone '${CHILE_TIME_ZONE}', 'YYYY-MM-DD')) end,
    -- two-step sign-in is on once its secret is confirmed (two-factor.schema.ts)
    'two_factor_enabled', tf.enabled_at is not null,
    -- a reclaimed account's review, and the e-mail change under way (decision 050)
    'account_review_pending', ${REVIEW_PENDING_SQL},
    'email_change', ${EMAIL_CHANGE_DETAIL_SQL}
  ) as details
  from users u
  left join cuadrantes c on c.id = u.cuadrante_id
  left join two_factor tf on tf.user_id = u.id
  left join user_plans p on p.user_id = u.id
  where u.id = $1`;
const findUserDetails = plainQuery<{ details: UserDetailJson }>('find_user_details', USER_DETAILS_SQL);

/** this server's realtime URL, for a zone without a cluster of its own */
const ownRealtimeUrl = (ctx: AppContext) => `${ctx.env.PUBLIC_URL}/panel`;

/**
 * spec section 3: the User with info, dispositivos and plan. It runs on every screen of the panel
 * and the phone app, so it is one prepared query plus the cached plan catalogue (bench/RESULTS.md).
 */
export async function getUserDetails(ctx: AppContext, userId: number): Promise<User> {
  const [row] = await findUserDetails(ctx.db, [userId]);
  if (!row) throw new AppError('UNAUTHENTICATED');
  const { details } = row;
  const { info, cuadrante, dispositivos, plan } = details;
  const [cataloguePlan, online] = await Promise.all([
    plan ? findCataloguePlan(ctx, plan.plan_id) : undefined,
    // whether each phone is connected now (decision 042): one question to the realtime hub
    ctx.realtime.onlineDevices(dispositivos.map((device) => device.id)),
  ]);
  // the parsed value is this call's own: completed in place, field by field (spreading objects into
  // one cost about 10 µs a phone; decision 047)
  for (const device of dispositivos) device.online = online.has(device.id);
  return {
    id: details.id,
    name: details.name,
    email: details.email,
    email_verified: details.email_verified,
    role: details.role,
    info: {
      avatar: avatarUrl(ctx, details.avatar_key),
      direccion: info.direccion,
      telefono: info.telefono,
      rut: info.rut,
      pais: info.pais,
      region: info.region,
      comuna: info.comuna,
      genero: info.genero,
      nacimiento: info.nacimiento,
      cuadrante_id: info.cuadrante_id,
      codigo_invitacion: info.codigo_invitacion,
      cuadrante: cuadrante && {
        id: cuadrante.id,
        name: cuadrante.name,
        // the zone's own realtime cluster, or this server when none is set
        primary_fdb_url: cuadrante.primary_fdb_url ?? ownRealtimeUrl(ctx),
        tracking_fdb_url: cuadrante.tracking_fdb_url ?? ownRealtimeUrl(ctx),
      },
    },
    dispositivos: dispositivos as UserDevice[],
    plan:
      plan && cataloguePlan
        ? {
            id: plan.id,
            plan_id: plan.plan_id,
            started_at: plan.started_at,
            expires_at: plan.expires_at,
            expires_on: plan.expires_on,
            plan: cataloguePlan,
          }
        : null,
    two_factor_enabled: details.two_factor_enabled,
    account_review_pending: details.account_review_pending,
    email_change: details.email_change,
  };
}
