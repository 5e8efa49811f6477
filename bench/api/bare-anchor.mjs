/**
 * The anchor `bench:api` measures our user details against (issue 31): a bare Fastify + pg server on
 * the same database, doing what the call cannot do without: the session by its token's SHA-256, then
 * one join of the account, its plan, its two-step state and its phones, as prepared statements, and
 * the answer as JSON. No validation, no admission, no logging, no security headers, no plan catalogue,
 * no signed URLs: the distance to it is what all of those cost together.
 *
 *   PORT=… DATABASE_URL=… node bench/api/bare-anchor.mjs   (prints "anchor ready" once listening)
 */
import { createHash } from 'node:crypto';
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

app.post('/api/app/user/details', async (request, reply) => {
  const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
  const hash = createHash('sha256').update(token).digest('hex');
  const session = await pool.query({ ...SESSION, values: [hash] });
  if (session.rows.length === 0) return reply.code(401).send({ code: 'UNAUTHENTICATED' });
  const { rows } = await pool.query({ ...DETAILS, values: [session.rows[0].user_id] });
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

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('anchor ready');
