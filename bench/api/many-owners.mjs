/**
 * Owners for the order benchmarks: copies of the demo account, each with its plan, its Android phone and
 * a session of its own, written straight into the database. Orders are limited per phone and per account
 * (ORDERS_PER_PHONE_MAX in 10 minutes), so a measurement that sent them all to the demo phone would
 * measure refusals; in production they come from many owners, and so do these. A column with a unique
 * index gets the copy's number appended; everything else is the demo's.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

const columnsCache = new Map();

/** the columns a copy of `table`'s row writes, and which of them must differ between copies */
function columnsOf(client, table) {
  if (!columnsCache.has(table)) columnsCache.set(table, readColumns(client, table));
  return columnsCache.get(table);
}

async function readColumns(client, table) {
  const { rows: all } = await client.query(
    `select column_name from information_schema.columns
     where table_name = $1 and is_generated = 'NEVER' and is_identity = 'NO'`,
    [table],
  );
  const { rows: unique } = await client.query(
    `select a.attname from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = $1::regclass and i.indisunique and not i.indisprimary`,
    [table],
  );
  return { all: all.map((row) => row.column_name), unique: new Set(unique.map((row) => row.attname)) };
}

/** `insert … select` copying `source`'s row of `table`, with `set` overriding columns */
async function copyRow(client, table, whereSql, whereValues, set) {
  const { all, unique } = await columnsOf(client, table);
  const values = [...whereValues];
  const select = all.map((column) => {
    if (Object.hasOwn(set, column)) {
      values.push(set[column]);
      return `$${values.length}`;
    }
    if (unique.has(column)) throw new Error(`${table}.${column} is unique: the copy must set it`);
    return `"${column}"`;
  });
  const columns = all.map((column) => `"${column}"`).join(', ');
  const { rows } = await client.query(
    `insert into "${table}" (${columns}) select ${select.join(', ')} from "${table}" where ${whereSql} returning id`,
    values,
  );
  return rows[0]?.id;
}

/**
 * `count` owners, each `{ token, deviceId }`, copies of the demo account and its Android phone;
 * `isNoticed`: each was e-mailed about a lock a minute ago
 */
export async function seedOwners(databaseUrl, count, { isNoticed = true } = {}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select u.id as user_id, d.id as device_row_id from users u join devices d on d.user_id = u.id
       where d.device_id = 'demo-android'`,
    );
    const demo = rows[0];
    if (!demo) throw new Error('no demo account to copy');
    const { rows: sessions } = await client.query('select id from sessions where user_id = $1 limit 1', [
      demo.user_id,
    ]);
    if (!sessions[0]) throw new Error('the demo account has no session to copy (sign in first)');
    const owners = [];
    await client.query('begin');
    for (let i = 0; i < count; i++) {
      const userId = await copyRow(client, 'users', 'id = $1', [demo.user_id], {
        email: `bench-owner-${i}@escudo.test`,
        codigo_invitacion: `BENCH${i}${randomBytes(3).toString('hex')}`,
      });
      const plan = (await columnsOf(client, 'user_plans')).all;
      await client.query(
        `insert into user_plans (${plan.map((c) => `"${c}"`).join(', ')})
         select ${plan.map((c) => (c === 'user_id' ? '$2' : `"${c}"`)).join(', ')}
         from user_plans where user_id = $1`,
        [demo.user_id, userId],
      );
      const deviceId = `bench-android-${i}`;
      const deviceRowId = await copyRow(client, 'devices', 'id = $1', [demo.device_row_id], {
        user_id: userId,
        device_id: deviceId,
        token_hash: sha256(randomBytes(16).toString('hex')),
      });
      const token = randomBytes(32).toString('base64url');
      await copyRow(client, 'sessions', 'id = $1', [sessions[0].id], {
        user_id: userId,
        token_hash: sha256(token),
      });
      // a lock carried out a minute ago, whose owner was e-mailed: the orders measured are not (one
      // e-mail per phone and kind every ORDER_NOTICE_EVERY_MS), as most of a busy minute's would be
      if (isNoticed)
        await client.query(
          `insert into device_commands (device_id, type, state, payload, notified_at, created_at, updated_at)
           values ($1, 'lock', 'done', '{}', now() - interval '1 minute', now() - interval '1 minute', now())`,
          [deviceRowId],
        );
      owners.push({ token, deviceId });
    }
    await client.query('commit');
    // statistics as a database in service has them: without, the planner takes the tables for the
    // few rows they had before the copies, and scans them whole
    await client.query('analyze');
    return owners;
  } finally {
    await client.end();
  }
}
