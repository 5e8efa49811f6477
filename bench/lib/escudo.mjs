/**
 * Our server and its data, for the benches that need many phones: a scratch PostgreSQL database
 * (dropped at the end), accounts signed up through the API, phones inserted straight into `devices`
 * (registering thousands through the API would hit every plan's max_devices), and the server itself
 * in a child process.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PANEL_DEVICE_ID_PREFIX, callApi } from './contract.mjs';
import { freePort, makeTempDir, onInterrupt, startProcess } from './processes.mjs';

/** Debian's Chromium, and the flags it needs on this machine (no sandbox as root, no network of its own) */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh database `<prefix>_<pid>_<time>`, dropped by `drop()` or when the bench is interrupted. */
export async function createDatabase(prefix) {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`PostgreSQL is needed (${PG_ADMIN_URL}: ${error.message}); set BENCH_PG_ADMIN_URL`, {
      cause: error,
    });
  }
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  try {
    await admin.query(`create database ${name}`);
  } catch (error) {
    // an open client keeps the bench alive after its failure: close it before saying why
    await admin.end().catch(() => {});
    throw new Error(`could not create database ${name} (${PG_ADMIN_URL}): ${error.message}`, {
      cause: error,
    });
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const drop = async () => {
    onInterrupt.delete(drop);
    await admin.query(`drop database if exists ${name} with (force)`).catch((error) => {
      console.error(`could not drop database ${name}: ${error.message}`);
    });
    await admin.end().catch(() => {});
  };
  onInterrupt.add(drop);
  const version = (await admin.query('show server_version')).rows[0].server_version;
  return { name, url: url.toString(), version, drop };
}

/** Accounts signed up through the API, each with its user id and panel token (customToken). */
export async function createAccounts(base, count, tag) {
  const accounts = new Array(count);
  let next = 0;
  // 4 at a time: every sign-up hashes a password (argon2id, 19 MiB)
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const { access_token: token } = await callApi(base, 'signUpByCode', {
        name: `Cuenta de prueba ${index + 1}`,
        email: `bench.${tag}.${index + 1}.${process.pid}@example.cl`,
        password: `clave-de-prueba-${randomBytes(6).toString('hex')}`,
      });
      const { user } = await callApi(base, 'userDetails', {}, token);
      const { customToken } = await callApi(
        base,
        'createFirebaseAuthToken',
        { device_id: `${PANEL_DEVICE_ID_PREFIX}${user.id}` },
        token,
      );
      // the API token too: a bench that orders commands through the API (bench/scale) needs it
      accounts[index] = { userId: user.id, customToken, token };
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return accounts;
}

/**
 * `count` phones as device rows, phone i belonging to account i mod accounts (plan limits bypassed).
 * Each gets a device token, stored as the server stores it (SHA-256, lib/crypto/tokens.ts), and its
 * row id.
 */
export async function insertPhones(databaseUrl, accounts, count) {
  const phones = [];
  for (let i = 0; i < count; i += 1) {
    phones.push({
      deviceId: `bench-phone-${String(i + 1).padStart(5, '0')}`,
      token: randomBytes(32).toString('base64url'),
      account: i % accounts.length,
    });
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let start = 0; start < count; start += 2_000) {
      const batch = phones.slice(start, start + 2_000);
      const { rows } = await client.query(
        `insert into devices (user_id, device_id, device_brand, device_name, device_model, device_so,
           device_soversion, token_hash)
         select u, d, 'Samsung', 'Teléfono de prueba', 'Galaxy A54', 'android', 14, h
         from unnest($1::int[], $2::text[], $3::text[]) as t(u, d, h)
         returning id, device_id`,
        [
          batch.map((p) => accounts[p.account].userId),
          batch.map((p) => p.deviceId),
          batch.map((p) => createHash('sha256').update(p.token).digest('hex')),
        ],
      );
      const rowIds = new Map(rows.map((row) => [row.device_id, row.id]));
      for (const phone of batch) phone.rowId = rowIds.get(phone.deviceId);
    }
  } finally {
    await client.end();
  }
  return phones;
}

const builtRoots = new Set();

/**
 * The node arguments that run our server as production runs it (decision 027): the bundle of
 * `serverRoot`, built first into its apps/server/dist (about a second, once per run), with source maps.
 * A checkout from before the bundle existed runs its TypeScript sources through tsx, and so does every
 * run with BENCH_SERVER_ENTRY=tsx (to compare the two ways).
 */
export function serverEntryArgs(serverRoot = repoRoot) {
  const tsx = process.env.BENCH_SERVER_ENTRY === 'tsx';
  if (tsx || !fs.existsSync(path.join(serverRoot, 'apps/server/build.mjs'))) {
    return ['--import', 'tsx', 'apps/server/src/main.ts'];
  }
  if (!builtRoots.has(serverRoot)) {
    const build = spawnSync(process.execPath, ['apps/server/build.mjs'], {
      cwd: serverRoot,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error(`building the server in ${serverRoot} failed`);
    builtRoots.add(serverRoot);
  }
  return ['--enable-source-maps', 'apps/server/dist/main.js'];
}

/**
 * Our server (`serverRoot`'s, as production runs it: serverEntryArgs) on a free port of 127.0.0.1, on
 * the given database, in production-like settings (no demo data, warnings only in the log, no Redis).
 */
export async function startServer({ databaseUrl, appSecret, serverRoot = repoRoot, nodeArgs = [] }) {
  const port = await freePort();
  const dataDir = makeTempDir('escudo-bench-');
  const server = startProcess('escudo server', [...nodeArgs, ...serverEntryArgs(serverRoot)], {
    cwd: serverRoot,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      APP_SECRET: appSecret,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      REDIS_URL: '',
      // every account of a bench is signed up from this one address: the per-address limit (10 an
      // hour) is for the Internet, as in bench/durability
      SIGNUPS_PER_ADDRESS: '1000000',
      // thousands of phones and panels from this one address are the bench, not a crowd of stalled
      // connections: no per-address connection caps (decision 051)
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
      HTTP_MAX_PENDING_HEADERS_PER_ADDRESS: '0',
    },
    readyText: 'corriendo en',
  });
  await server.ready;
  return { ...server, kind: 'socketio', url: `http://127.0.0.1:${port}` };
}
