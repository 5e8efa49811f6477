/**
 * The anchor `bench:api` measures four of our calls against (issue 31): a bare Fastify + pg server on
 * the same database, doing for each what the call cannot do without, as prepared statements, and the
 * answer as JSON. No validation, no admission, no logging, no security headers, no rate limits, no
 * activity or security e-mail, no plan catalogue, no signed URLs: the distance to it is what all of
 * those cost together.
 *
 * - user details: the session by its token's SHA-256, then one join of the account, its plan, its
 *   two-step state and its phones;
 * - sign-in: the account by its e-mail, the same argon2id check as ours (@node-rs/argon2, the stored
 *   hash), a session stored by its token's hash;
 * - a lock order: the session, the phone by its identifier and owner, the order stored;
 * - getTrackings (a page of a phone's routes with their points): the session, then the phone, the
 *   total and the page in one query, then the page's points in one more.
 *
 *   PORT=… DATABASE_URL=… node bench/api/bare-anchor.mjs   (prints "anchor ready" once listening)
 */
import { createHash, randomBytes } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

const SESSION = {
  name: 'anchor_session',
  text: `select s.user_id from sessions s join users u on u.id = s.user_id
         where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.disabled_at is null
         limit 1`,
};
const DETAILS = {
  name: 'anchor_details',
  text: `select u.id, u.name, u.email, u.role, u.avatar_key, u.direccion, u.telefono, u.rut, u.pais_id,
           u.region_id, u.comuna_id, u.genero, u.nacimiento, u.cuadrante_id, u.codigo_invitacion,
           t.enabled_at, p.id as plan_row_id, p.plan_id, p.started_at, p.expires_at,
           d.id as device_row_id, d.device_id, d.device_brand, d.device_name, d.device_model,
           d.device_so, d.device_soversion, d.last_seen_at, d.battery, d.charging, d.network, d.status_at
         from users u
         left join two_factor t on t.user_id = u.id
         left join user_plans p on p.user_id = u.id
         left join devices d on d.user_id = u.id and d.removed_at is null
         where u.id = $1 order by d.id`,
};

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/** the signed-in user's id, or null */
async function userOf(request) {
  const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
  const session = await pool.query({ ...SESSION, values: [sha256(token)] });
  return session.rows[0]?.user_id ?? null;
}

app.post('/api/app/user/details', async (request, reply) => {
  const userId = await userOf(request);
  if (userId === null) return reply.code(401).send({ code: 'UNAUTHENTICATED' });
  const { rows } = await pool.query({ ...DETAILS, values: [userId] });
  const [first] = rows;
  return {
    user: {
      id: first.id,
      name: first.name,
      email: first.email,
      role: first.role,
      info: { avatar: first.avatar_key, direccion: first.direccion, rut: first.rut },
      dispositivos: rows
        .filter((row) => row.device_row_id !== null)
        .map((row) => ({
          id: row.device_row_id,
          device_id: row.device_id,
          device_brand: row.device_brand,
          device_name: row.device_name,
          device_model: row.device_model,
          device_so: row.device_so,
          device_soversion: Number(row.device_soversion),
          battery: row.battery,
          network: row.network,
        })),
      plan: first.plan_row_id ? { id: first.plan_row_id, plan_id: first.plan_id } : null,
      two_factor_enabled: first.enabled_at !== null,
    },
  };
});

const USER_BY_EMAIL = {
  name: 'anchor_user_by_email',
  text: 'select id, password_hash from users where email = $1 and disabled_at is null',
};
const NEW_SESSION = {
  name: 'anchor_new_session',
  text: `insert into sessions (user_id, token_hash, created_at, expires_at, last_used_at)
         values ($1, $2, now(), $3, now())`,
};
const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

app.post('/api/auth/login', async (request, reply) => {
  const { email, password } = request.body;
  const { rows } = await pool.query({ ...USER_BY_EMAIL, values: [String(email).toLowerCase()] });
  const user = rows[0];
  if (!user?.password_hash || !(await verify(user.password_hash, String(password)))) {
    return reply.code(401).send({ code: 'INVALID_CREDENTIALS' });
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await pool.query({ ...NEW_SESSION, values: [user.id, sha256(token), expiresAt] });
  return { access_token: token, token_type: 'bearer', expires_at: expiresAt.toISOString() };
});

const USER_DEVICE = {
  name: 'anchor_user_device',
  text: `select id, device_id from devices
         where device_id = $1 and user_id = $2 and removed_at is null and device_so = 'android'`,
};
const NEW_COMMAND = {
  name: 'anchor_new_command',
  text: `insert into device_commands (device_id, type, state, payload, created_at, updated_at)
         values ($1, 'lock', 'sent', $2, now(), now())
         returning id, type, state, reason, created_at, updated_at, created_at + interval '7 days' as expires_at`,
};

app.post('/api/app/lostphone/blockMyPhoneNotification', async (request, reply) => {
  const userId = await userOf(request);
  if (userId === null) return reply.code(401).send({ code: 'UNAUTHENTICATED' });
  const { device_id: deviceId, pin } = request.body;
  const device = (await pool.query({ ...USER_DEVICE, values: [deviceId, userId] })).rows[0];
  if (!device) return reply.code(404).send({ code: 'NOT_FOUND' });
  const { rows } = await pool.query({ ...NEW_COMMAND, values: [device.id, { pin }] });
  const [command] = rows;
  return {
    command: {
      id: command.id,
      device_id: device.device_id,
      type: command.type,
      state: command.state,
      reason: command.reason,
      created_at: command.created_at.toISOString(),
      updated_at: command.updated_at.toISOString(),
      expires_at: command.expires_at.toISOString(),
    },
  };
});

const TRACKING_PAGE = {
  name: 'anchor_tracking_page',
  text: `with device as (select id from devices where device_id = $1 and user_id = $2 and removed_at is null)
         select device.id as device_row_id, (select count(*) from trackings where device_id = device.id) as total,
           t.id, t.created_at, t.ended_at
         from device left join lateral (
           select id, created_at, ended_at from trackings where device_id = device.id
           order by ended_at is null desc, created_at desc, id desc limit $3 offset $4
         ) t on true`,
};
const TRACKING_POINTS = {
  name: 'anchor_tracking_points',
  text: 'select tracking_id, lat, lng, recorded_at from tracking_points where tracking_id = any($1) order by id',
};

app.post('/api/app/tracking/getTrackings', async (request, reply) => {
  const userId = await userOf(request);
  if (userId === null) return reply.code(401).send({ code: 'UNAUTHENTICATED' });
  const { device_id: deviceId, limit = 15, page = 1 } = request.body;
  const { rows } = await pool.query({
    ...TRACKING_PAGE,
    values: [deviceId, userId, limit, (page - 1) * limit],
  });
  if (rows.length === 0) return reply.code(404).send({ code: 'NOT_FOUND' });
  const routes = new Map(rows.filter((row) => row.id !== null).map((row) => [row.id, []]));
  const points = await pool.query({ ...TRACKING_POINTS, values: [[...routes.keys()]] });
  for (const point of points.rows) {
    routes
      .get(point.tracking_id)
      .push({ lat: point.lat, lng: point.lng, at: point.recorded_at.toISOString() });
  }
  const tracking = rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      id: row.id,
      device_id: deviceId,
      created_at: row.created_at.toISOString(),
      ended_at: row.ended_at?.toISOString() ?? null,
      route: routes.get(row.id),
    }));
  // the route being recorded comes first when there is one; on a later page the anchor leaves it out
  const active = tracking[0]?.ended_at === null ? tracking[0] : null;
  return { tracking, total_trackings: Number(rows[0].total), active };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('anchor ready');
// an exit of its own when the bench stops it, so that `--cpu-prof` (BENCH_ANCHOR_NODE_ARGS) is written
process.on('SIGTERM', () => process.exit(0));
