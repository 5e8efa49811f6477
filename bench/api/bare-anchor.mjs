/**
 * The anchor `bench:api` measures four of our calls against (decisions 045 and 047): a bare Fastify + pg
 * server on the same database, doing for each what the call cannot do without, as prepared statements, and
 * the answer as JSON. No validation, no admission, no logging, no security headers, no metrics, no rate
 * limits, no activity or security e-mail, no signed URLs: the distance to it is what all of those cost
 * together.
 *
 * - user details: our own two statements, word for word (the session by its token's SHA-256, then the
 *   account with its zone, two-step state, plan and phones with their last positions as one JSON
 *   value), and the same answer as ours, which the bench checks field by field: the distance is then
 *   our server's own work, not a lighter query or a smaller answer;
 * - sign-in: the account by its e-mail, the same argon2id check as ours (@node-rs/argon2, the stored
 *   hash), a session stored by its token's hash;
 * - a lock order: the session, the phone by its identifier and owner, the order stored;
 * - getTrackings (a page of a phone's routes with their points): the session, then the phone, the
 *   total and the page in one query, then the page's points in one more.
 *
 * It takes those two statements from the server's sources, so it runs through tsx:
 *
 *   PORT=… DATABASE_URL=… node --import tsx bench/api/bare-anchor.mjs   (prints "anchor ready" once listening)
 */
import { createHash, randomBytes } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import Fastify from 'fastify';
import pg from 'pg';
import {
  ACTIVE_SESSION_SQL,
  SESSION_LAST_USED_STEP_MS,
} from '../../apps/server/src/features/auth/sessions.ts';
import { USER_DETAILS_SQL } from '../../apps/server/src/features/users/users.service.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

// user details' two statements are ours, word for word: the session, then the account with its zone,
// two-step state, plan and phones with their last positions as one JSON value
const SESSION = { name: 'anchor_session', text: ACTIVE_SESSION_SQL };
const DETAILS = { name: 'anchor_details', text: USER_DETAILS_SQL };

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/** the signed-in user's id, or null */
async function userOf(request) {
  const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
  const now = Date.now();
  const session = await pool.query({
    ...SESSION,
    values: [sha256(token), now, now - SESSION_LAST_USED_STEP_MS],
  });
  return session.rows[0]?.user_id ?? null;
}

/** the plan catalogue, read once: the anchor's answer holds the same plan as ours */
const catalogue = (async () => {
  const plans = await pool.query('select * from planes order by position');
  const features = await pool.query(
    `select f.plan_id, i.id, i.name from plan_features f join plan_includes i on i.id = f.include_id order by i.id`,
  );
  return new Map(
    plans.rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        description: row.description,
        image: row.image,
        max_red: row.max_red,
        max_devices: row.max_devices,
        price: row.price,
        includes: features.rows.filter((f) => f.plan_id === row.id).map(({ id, name }) => ({ id, name })),
      },
    ]),
  );
})();

/** this server's realtime URL, as ours writes it for a zone without a cluster of its own */
const realtimeUrl = `${process.env.PUBLIC_URL ?? ''}/panel`;

app.post('/api/app/user/details', async (request, reply) => {
  const userId = await userOf(request);
  if (userId === null) return reply.code(401).send({ code: 'UNAUTHENTICATED' });
  const { rows } = await pool.query({ ...DETAILS, values: [userId] });
  const { avatar_key: avatarKey, info, cuadrante, plan, ...user } = rows[0].details;
  // no phone is connected to the anchor, nor (in the bench) to ours
  for (const device of user.dispositivos) device.online = false;
  return {
    user: {
      ...user,
      info: {
        ...info,
        // ours signs a link to the avatar; the bench's account has none
        avatar: avatarKey,
        cuadrante: cuadrante && {
          ...cuadrante,
          primary_fdb_url: cuadrante.primary_fdb_url ?? realtimeUrl,
          tracking_fdb_url: cuadrante.tracking_fdb_url ?? realtimeUrl,
        },
      },
      plan: plan && { ...plan, plan: (await catalogue).get(plan.plan_id) },
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
