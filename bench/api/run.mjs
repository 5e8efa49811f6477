/**
 * `npm run bench:api`: one run of every figure bench/RESULTS.md talks about, on this machine.
 *
 *   1. a bare node:http server answering a fixed JSON body (the baseline: what the loopback, the
 *      load generator and Node itself cost before any of our code runs);
 *   2. our server on PGlite: user details at 10 and 50 connections and far past its admission
 *      limits (300: the surplus must get quick 503s), sign-in at 10, and a write: the demo phone
 *      registered again (one short transaction), at 10;
 *   3. the same on the machine's PostgreSQL, in a fresh database dropped afterwards (skipped when
 *      PostgreSQL is not reachable);
 *   4. the cost of one argon2id hash (the server's own hashPassword);
 *   5. the gzipped JavaScript the Login page loads, in headless Chromium (when apps/web/dist exists).
 *
 * It prints a table and writes the raw figures to bench/api/last-run.json. Load generator and
 * servers share the machine's cores: the figures compare with each other, not with a dedicated box.
 * Every child process is killed at the end, also when a step fails or on Ctrl-C.
 *
 * Environment (all optional):
 *   BENCH_DURATION_S     seconds per measurement (default 10); warm-ups are a fraction of it
 *   BENCH_PG_ADMIN_URL   a PostgreSQL URL allowed to create databases
 *                        (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_SKIP           comma-separated steps to skip: baseline,pglite,postgres,argon2,web, and
 *                        `calls` for the server's own calls before the anchor comparisons
 *   BENCH_ANCHOR_CALLS   comma-separated anchor comparisons to run: details,login,lock,trackings (all)
 *   BENCH_NODE_ARGS      extra node arguments for our server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
 *                        to profile it under this load (the profile is written when the bench stops it)
 *   BENCH_ANCHOR_NODE_ARGS the same for the bare anchor server, to compare the two profiles
 *   BENCH_PROCESS_OUTPUT_DIR a folder where each child process's whole output is also written
 *                        (`escudo-server.log`, `anchor-server.log`), e.g. with "--trace-gc-nvp" above
 *   BENCH_ANCHOR_ROUNDS  pairs of measurements per anchor comparison (default 1), ours first in odd
 *                        rounds and the anchor first in even ones; the table prints each and the median
 *   BENCH_SERVER_ENTRY   `tsx` runs our server's TypeScript sources through tsx instead of the compiled
 *                        bundle production runs (bench/lib/escudo.mjs serverEntryArgs)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { seedOwners } from './many-owners.mjs';
import { callApi, route, routeLabel } from '../lib/contract.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, PG_ADMIN_URL, repoRoot, serverEntryArgs } from '../lib/escudo.mjs';
import { cpuShares, machine, median, readCpu } from '../lib/machine.mjs';
import {
  freePort,
  killEverything,
  makeTempDir,
  onInterrupt,
  runMeasuringScript,
  sleep,
  startProcess,
} from '../lib/processes.mjs';
import { printTable } from '../lib/report.mjs';

const outFile = fileURLToPath(new URL('./last-run.json', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Math.max(1, Math.round(DURATION_S / 4));
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const ANCHOR_CALLS = process.env.BENCH_ANCHOR_CALLS
  ? new Set(process.env.BENCH_ANCHOR_CALLS.split(',').filter(Boolean))
  : null;
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const ANCHOR_NODE_ARGS = (process.env.BENCH_ANCHOR_NODE_ARGS ?? '').split(' ').filter(Boolean);
const ANCHOR_ROUNDS = Math.max(1, Number(process.env.BENCH_ANCHOR_ROUNDS ?? 1));
const OVERLOAD_CONNECTIONS = 300;
const DEMO = { email: 'demo@escudo.cl', password: 'escudo-demo' };
/** the demo account's iPhone: registering it again updates the row and rotates its token */
const DEMO_PHONE = {
  device_id: 'demo-iphone',
  device_brand: 'Apple',
  device_name: 'iPhone de Camila',
  device_model: 'iPhone 13',
  device_so: 'ios',
  device_soversion: 17.5,
};

// ---------------------------------------------------------------------------------------------
// measuring

function runAutocannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ timeout: 10, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * CPU seconds of a process's main thread (its JavaScript and event loop): unlike the whole process it
 * leaves out libuv's pool, where argon2 runs, and V8's helper threads. USER_HZ = 100, so at 10 ms.
 */
function mainThreadCpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Where the CPU went during a measurement, in % of one core (200% = both cores of this machine),
 * under this bench's names: the server, the load generator (autocannon, in this process) and
 * PostgreSQL. "other" is what none of them used (kernel work on their behalf included): when it is
 * high, something else was running and the figures are not clean.
 */
function cpuPercent(before, after) {
  const { machine, target, bench, postgres, other } = cpuShares(before, after);
  return { machine, server: target, loadGenerator: bench, postgres, other };
}

/** the next of the order owners (measure's `owners`), across measurements */
let nextOwner = 0;

/** A warm-up run (discarded), then the measured one, reduced to the figures we report. */
async function measure(
  label,
  {
    url,
    connections,
    method = 'GET',
    headers = {},
    body,
    warmup = true,
    serverPid,
    fromManyAddresses = false,
    owners,
  },
) {
  const request = { url, connections, method, headers, body };
  if (owners) {
    // each order from the next owner, to that owner's phone (many-owners.mjs): the limits are per
    // phone and per account, as orders come in production; each measurement goes on where the one
    // before it stopped, as the anchor's orders count towards the same limits
    request.requests = [
      {
        setupRequest: (req) => {
          const owner = owners[nextOwner++ % owners.length];
          return {
            ...req,
            headers: { ...req.headers, authorization: `Bearer ${owner.token}` },
            body: JSON.stringify({ ...JSON.parse(body), device_id: owner.deviceId }),
          };
        },
      },
    ];
  }
  if (fromManyAddresses) {
    // each sign-in from an address of its own (the servers trust one proxy hop): ten at once from one
    // address for one account would rightly meet the per-address and per-pair limits instead
    let next = 0;
    request.requests = [
      {
        setupRequest: (req) => {
          next += 1;
          return {
            ...req,
            headers: {
              ...req.headers,
              'x-forwarded-for': `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`,
            },
          };
        },
      },
    ];
  }
  process.stdout.write(`  ${label} … `);
  if (warmup) await runAutocannon({ ...request, duration: WARMUP_S });
  const cpuBefore = readCpu({ target: serverPid });
  const mainBefore = mainThreadCpuSeconds(serverPid);
  const r = await runAutocannon({ ...request, duration: DURATION_S });
  const cpuPct = cpuPercent(cpuBefore, readCpu({ target: serverPid }));
  const mainThreadUs = ((mainThreadCpuSeconds(serverPid) - mainBefore) * 1e6) / Math.max(1, r.requests.total);
  const statusCodes = Object.fromEntries(
    Object.entries(r.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
  );
  const figures = {
    label,
    connections,
    durationS: r.duration,
    requests: r.requests.total,
    requestsPerSecond: Math.round(r.requests.total / r.duration),
    latencyMs: {
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
      mean: r.latency.average,
    },
    ok2xx: r['2xx'],
    non2xx: r.non2xx,
    statusCodes,
    errors: r.errors,
    timeouts: r.timeouts,
    cpuPct,
    mainThreadCpuUsPerRequest: Math.round(mainThreadUs),
  };
  console.log(
    `${figures.requestsPerSecond} req/s, p50 ${figures.latencyMs.p50} ms, p99 ${figures.latencyMs.p99} ms` +
      (figures.non2xx ? `, non-2xx ${JSON.stringify(statusCodes)}` : '') +
      (figures.errors ? `, ${figures.errors} errors` : '') +
      `; CPU % server ${cpuPct.server}, autocannon ${cpuPct.loadGenerator}, postgres ${cpuPct.postgres}, other ${cpuPct.other}`,
  );
  if (cpuPct.other > 25)
    console.log(`  warning: ${cpuPct.other}% of a core went to other work: not a clean figure`);
  return figures;
}

// ---------------------------------------------------------------------------------------------
// the steps

/** A JSON body the size of the demo account's user details (about 1.3 kB). */
const BASELINE_SERVER = `
import http from 'node:http';
const body = JSON.stringify({
  user: {
    id: 1, name: 'Camila Rojas', email: 'demo@escudo.cl',
    info: { avatar: null, direccion: null, telefono: null, rut: null, pais: null, region: null,
      comuna: null, genero: null, nacimiento: null, cuadrante_id: 3, codigo_invitacion: 'PVRMBT7T',
      cuadrante: { id: 3, name: 'Metropolitana', primary_fdb_url: 'http://localhost:3000/panel',
        tracking_fdb_url: 'http://localhost:3000/panel' } },
    dispositivos: [1, 2].map((id) => ({ id, device_id: 'demo-device-' + id, device_brand: 'Samsung',
      device_name: 'Teléfono de Camila', device_model: 'Galaxy A54', device_so: 'android',
      device_soversion: 14 })),
    plan: { id: 1, plan_id: 2, started_at: '2026-01-01T00:00:00.000Z',
      expires_at: '2026-02-01T00:00:00.000Z',
      plan: { id: 2, name: 'Protección',
        description: 'Todo lo del plan Esencial, más tracking en tiempo real y la central de atención 24/7.',
        image: '/images/plans/proteccion.svg', max_red: 5, max_devices: 2, price: 4990,
        includes: ['Bloqueo remoto de pantalla', 'Modo pérdida con ubicación y fotos',
          'Borrado remoto de datos', 'Red de seguridad', 'Tracking en tiempo real',
          'Central de atención 24/7'].map((name, i) => ({ id: i + 1, name })) } },
  },
});
http
  .createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('baseline ready ' + Buffer.byteLength(body)));
`;

async function benchBaseline() {
  const port = await freePort();
  const server = startProcess('baseline server', ['--input-type=module', '-e', BASELINE_SERVER], {
    cwd: repoRoot,
    env: { PORT: String(port) },
    readyText: 'baseline ready',
  });
  try {
    await server.ready;
    const bodyBytes = Number(/baseline ready (\d+)/.exec(server.output())?.[1]);
    console.log(`\nBaseline: bare node:http, fixed ${bodyBytes}-byte JSON body`);
    const result = await measure('fixed JSON, 10 connections', {
      url: `http://127.0.0.1:${port}/`,
      serverPid: server.pid,
      connections: 10,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return { bodyBytes, ...result };
  } finally {
    await server.stop();
  }
}

/**
 * Our server on a free port, as production runs it (the compiled bundle). Not startServer of
 * bench/lib/escudo.mjs: that one runs production-like settings, without the demo account these
 * measurements sign in with.
 */
async function startEscudo(databaseUrl) {
  const port = await freePort();
  const server = startProcess('escudo server', [...NODE_ARGS, ...serverEntryArgs()], {
    cwd: repoRoot,
    env: {
      DATA_DIR: makeTempDir('escudo-bench-'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // development, not production: the demo account is only seeded outside production
      NODE_ENV: 'development',
      // but answers written as in production: by their compiled serializers alone (decision 045)
      CHECK_RESPONSES: 'false',
      DATABASE_URL: databaseUrl ?? '',
      WEB_DIST_DIR: '',
      // sign-ins come from many addresses through one proxy hop (measure's fromManyAddresses)
      TRUST_PROXY: '1',
    },
    readyText: 'Cuenta demo',
  });
  await server.ready;
  return { ...server, base: `http://127.0.0.1:${port}`, port };
}

/**
 * owners the lock orders come from (many-owners.mjs): enough that none meets its phone's limit
 * (ORDERS_PER_PHONE_MAX in 10 minutes) in two rounds of the two measurements and their warm-ups,
 * at up to about 3,000 orders a second each (the anchor's orders are stored in the same table and
 * count too); a round that still met it is marked in the table and left out of the median
 */
const LOCK_OWNERS = 16000;

/** the routes of the demo Android phone getTrackings pages through: 20 of 60 points each */
const BENCH_ROUTES = { count: 20, points: 60 };

/**
 * Gives the demo Android phone BENCH_ROUTES ended routes, straight into the database: the demo account
 * has none, and a list endpoint is measured on a full page (the panel asks for 15).
 */
async function seedRoutes(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `with device as (select id from devices where device_id = 'demo-android'),
       route as (
         insert into trackings (device_id, created_at, ended_at)
         select device.id, now() - make_interval(hours => n), now() - make_interval(hours => n) + interval '10 minutes'
         from device, generate_series(1, $1) as n
         returning id, created_at
       )
       insert into tracking_points (tracking_id, lat, lng, recorded_at)
       select route.id, -33.45 + i * 0.0001, -70.66 - i * 0.0001, route.created_at + make_interval(secs => i * 10)
       from route, generate_series(1, $2) as i`,
      [BENCH_ROUTES.count, BENCH_ROUTES.points],
    );
  } finally {
    await client.end();
  }
}

/**
 * Four of our calls against the bare Fastify + pg server of bare-anchor.mjs on the same
 * database, each pair one right after the other at 10 connections, so that both see the same machine:
 * user details, sign-in (argon2id in both: compare the main thread's CPU per request, which leaves it
 * out), a lock order, and a page of routes (getTrackings).
 */
async function compareWithAnchor(server, databaseUrl, token, browserCookie) {
  await seedRoutes(databaseUrl);
  const port = await freePort();
  const anchor = startProcess(
    'anchor server',
    [...ANCHOR_NODE_ARGS, '--import', 'tsx', 'bench/api/bare-anchor.mjs'],
    {
      cwd: repoRoot,
      // PUBLIC_URL as ours has it: the realtime URL in user details is written from it
      env: { PORT: String(port), DATABASE_URL: databaseUrl, PUBLIC_URL: `http://localhost:${server.port}` },
      readyText: 'anchor ready',
    },
  );
  try {
    await anchor.ready;
    const bearer = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const calls = {
      details: { name: 'userDetails', headers: bearer, body: '{}', sameAnswer: true },
      login: {
        name: 'login',
        headers: { 'content-type': 'application/json', cookie: browserCookie },
        body: JSON.stringify(DEMO),
        fromManyAddresses: true,
      },
      lock: {
        name: 'blockMyPhoneNotification',
        headers: bearer,
        body: JSON.stringify({ device_id: 'demo-android', pin: '1234' }),
        owners:
          ANCHOR_CALLS && !ANCHOR_CALLS.has('lock') ? undefined : await seedOwners(databaseUrl, LOCK_OWNERS),
      },
      trackings: {
        name: 'getTrackings',
        headers: bearer,
        body: JSON.stringify({ device_id: 'demo-android', limit: 15, page: 1 }),
      },
    };
    const pairs = {};
    for (const [key, call] of Object.entries(calls)) {
      if (ANCHOR_CALLS && !ANCHOR_CALLS.has(key)) continue;
      const { method, path: urlPath } = route(call.name);
      const request = {
        method,
        headers: call.headers,
        body: call.body,
        connections: 10,
        fromManyAddresses: call.fromManyAddresses,
        owners: call.owners,
      };
      // the same answer from both, or the comparison means nothing
      const answers = [];
      for (const base of [server.base, `http://127.0.0.1:${port}`]) {
        const check = await fetch(`${base}${urlPath}`, request);
        if (!check.ok)
          throw new Error(`${call.name} at ${base} failed: ${check.status} ${await check.text()}`);
        answers.push(await check.json());
      }
      // user details answers alike, field for field (the others hold new ids and times)
      if (call.sameAnswer && !isDeepStrictEqual(answers[0], answers[1])) {
        throw new Error(
          `${call.name}: the anchor's answer differs from ours\nours:   ${JSON.stringify(answers[0])}\nanchor: ${JSON.stringify(answers[1])}`,
        );
      }
      const measureOurs = () =>
        measure(`${routeLabel(call.name)}, 10 connections`, {
          ...request,
          url: `${server.base}${urlPath}`,
          serverPid: server.pid,
        });
      const measureAnchor = () =>
        measure(`anchor: ${call.name}, 10 connections`, {
          ...request,
          url: `http://127.0.0.1:${port}${urlPath}`,
          serverPid: anchor.pid,
        });
      // the machine's moods move both figures by more than the distance between them: alternating
      // the order round after round keeps a slow stretch from falling on one side only
      pairs[key] = [];
      for (let round = 1; round <= ANCHOR_ROUNDS; round++) {
        if (round % 2 === 1) {
          const ours = await measureOurs();
          pairs[key].push({ ours, anchor: await measureAnchor() });
        } else {
          const anchorResult = await measureAnchor();
          pairs[key].push({ ours: await measureOurs(), anchor: anchorResult });
        }
      }
    }
    return pairs;
  } finally {
    await anchor.stop();
  }
}

/**
 * The browser cookie of one sign-in (decision 036): sign-ins measured with it come from a browser the
 * account knows, as most do. Without it every one would be a new browser, and each would write a
 * security e-mail (to the outbox here): a different, much rarer case.
 */
async function knownBrowserCookie(base) {
  const response = await fetch(`${base}${route('login').path}`, {
    method: route('login').method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((line) => line.includes('='));
  if (!cookie) throw new Error('sign-in set no browser cookie');
  return cookie.split(';')[0];
}

async function benchEscudo(driver, databaseUrl) {
  console.log(`\nEscudo on ${driver}`);
  const server = await startEscudo(databaseUrl);
  try {
    const { access_token: token } = await callApi(server.base, 'login', DEMO);
    const browserCookie = await knownBrowserCookie(server.base);
    // autocannon sends these itself: method and path from the contract's routes
    const details = {
      url: `${server.base}${route('userDetails').path}`,
      method: route('userDetails').method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
      serverPid: server.pid,
    };
    const check = await fetch(details.url, details);
    if (!check.ok) throw new Error(`user details failed: ${check.status} ${await check.text()}`);
    const detailsBytes = (await check.arrayBuffer()).byteLength;
    const ownCalls = async () => ({
      details10: await measure(`${routeLabel('userDetails')}, 10 connections`, {
        ...details,
        connections: 10,
      }),
      // right after the 10-connection run: the server is warm, the overload starts at once
      details50: await measure(`${routeLabel('userDetails')}, 50 connections`, {
        ...details,
        connections: 50,
        warmup: false,
      }),
      // far past what fits in the admission limits (concurrency + MAX_QUEUED_REQUESTS = 208 on
      // PGlite, 240 on PostgreSQL): the surplus must get quick 503s, the rest a bounded wait
      details300: await measure(`${routeLabel('userDetails')}, ${OVERLOAD_CONNECTIONS} connections`, {
        ...details,
        connections: OVERLOAD_CONNECTIONS,
        warmup: false,
      }),
      login10: await measure(`${routeLabel('login')} (demo), 10 connections`, {
        url: `${server.base}${route('login').path}`,
        serverPid: server.pid,
        method: route('login').method,
        headers: { 'content-type': 'application/json', cookie: browserCookie },
        body: JSON.stringify(DEMO),
        connections: 10,
        fromManyAddresses: true,
      }),
      // the write figure: one short transaction per request and no password hash, so what a commit
      // costs (its fsync on a durable database: decision 009) is not hidden behind argon2
      register10: await measure(`${routeLabel('registerDevice')} (demo phone again), 10 connections`, {
        url: `${server.base}${route('registerDevice').path}`,
        serverPid: server.pid,
        method: route('registerDevice').method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(DEMO_PHONE),
        connections: 10,
      }),
    });
    const result = {
      detailsBytes,
      ...(SKIP.has('calls') ? {} : await ownCalls()),
      // on PostgreSQL, four calls against the bare Fastify + pg anchor on the same database
      anchor: databaseUrl ? await compareWithAnchor(server, databaseUrl, token, browserCookie) : undefined,
    };
    const failures = /"level":(50|60)/.test(server.output()) ? server.output().slice(-2_000) : null;
    if (failures) console.log(`  the server logged errors:\n${failures}`);
    return result;
  } finally {
    await server.stop();
  }
}

/**
 * Not createDatabase of bench/lib/escudo.mjs: PostgreSQL out of reach is a skip here, not a failure,
 * and the admin connection must be closed whatever fails (an open one would keep the bench alive).
 */
async function benchPostgres() {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`\nPostgreSQL: skipped (${PG_ADMIN_URL} is not reachable: ${error.message})`);
    return { skipped: `not reachable: ${error.message}` };
  }
  const name = `bench_api_${process.pid}_${Date.now()}`;
  const dropDatabase = () =>
    admin.query(`drop database if exists ${name} with (force)`).catch((error) => {
      console.error(`could not drop database ${name}: ${error.message}`);
    });
  onInterrupt.add(dropDatabase);
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const version = (await admin.query('show server_version')).rows[0].server_version;
    return { serverVersion: version, ...(await benchEscudo('PostgreSQL', url.toString())) };
  } finally {
    onInterrupt.delete(dropDatabase);
    await dropDatabase();
    await admin.end();
  }
}

async function benchArgon2() {
  console.log('\nargon2id: hashPassword (19 MiB, t=2, p=1), 20 runs after 2 warm-ups');
  const result = await runMeasuringScript('argon2 bench', ['--import', 'tsx', 'bench/api/hash-cost.ts'], {
    cwd: repoRoot,
  });
  console.log(`  median ${result.medianMs} ms (min ${result.minMs}, max ${result.maxMs})`);
  return result;
}

async function benchLoginPage() {
  const dist = path.join(repoRoot, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.log('\nLogin page JavaScript: skipped (apps/web/dist does not exist yet)');
    return { skipped: 'apps/web/dist does not exist' };
  }
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    console.log('\nLogin page JavaScript: skipped (playwright-core is not installed)');
    return { skipped: 'playwright-core is not installed' };
  }
  const executablePath = CHROMIUM_PATH;
  if (!fs.existsSync(executablePath)) {
    console.log(`\nLogin page JavaScript: skipped (${executablePath} missing: apt-get install -y chromium)`);
    return { skipped: `${executablePath} is missing` };
  }
  console.log('\nLogin page JavaScript (headless Chromium, cold cache)');
  const server = await startEscudo(undefined);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    const scripts = new Map();
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const contentType = response.headers()['content-type'] ?? '';
      if (type !== 'script' && !contentType.includes('javascript')) return;
      scripts.set(
        response.url(),
        response.body().then(
          (body) => body,
          () => null,
        ),
      );
    });
    await page.goto(`${server.base}/login`, { waitUntil: 'networkidle' });
    const files = [];
    for (const [url, bodyPromise] of scripts) {
      const body = await bodyPromise;
      if (!body) continue;
      files.push({
        path: new URL(url).pathname,
        bytes: body.length,
        gzipBytes: zlib.gzipSync(body, { level: 9 }).length,
      });
    }
    const gzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
    const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
    for (const f of files) console.log(`  ${f.path}: ${kb(f.bytes)} (${kb(f.gzipBytes)} gzip)`);
    console.log(`  total: ${files.length} scripts, ${kb(bytes)} (${kb(gzipBytes)} gzip -9)`);
    return { url: '/login', scripts: files.length, bytes, gzipBytes, files };
  } finally {
    await browser.close();
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// report

const ANCHOR_LABELS = {
  details: 'user details',
  login: 'sign-in',
  lock: 'lock order',
  trackings: 'getTrackings (15 routes × 60 points)',
};

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function printResults(results) {
  const rows = [];
  const add = (name, r) => {
    if (!r || r.skipped) return;
    const status = Object.entries(r.statusCodes)
      .map(([code, n]) => `${code}×${n}`)
      .join(' ');
    rows.push([
      name,
      String(r.connections),
      String(r.requestsPerSecond),
      r.latencyMs.mean.toFixed(2),
      String(r.latencyMs.p50),
      String(r.latencyMs.p99),
      String(r.latencyMs.max),
      String(r.statusCodes['503'] ?? 0),
      `${r.cpuPct.server}/${r.cpuPct.loadGenerator}/${r.cpuPct.postgres}/${r.cpuPct.other}`,
      status + (r.errors ? ` err×${r.errors}` : ''),
    ]);
  };
  add('baseline node:http', results.baseline);
  for (const [driver, r] of [
    ['PGlite', results.pglite],
    ['PostgreSQL', results.postgres],
  ]) {
    if (!r || r.skipped || r.failed) continue;
    add(`${driver} user details`, r.details10);
    add(`${driver} user details`, r.details50);
    add(`${driver} user details`, r.details300);
    add(`${driver} sign-in`, r.login10);
    add(`${driver} device re-registration`, r.register10);
    for (const [key, rounds] of Object.entries(r.anchor ?? {}))
      for (const pair of rounds) {
        add(`${driver} ${ANCHOR_LABELS[key]}`, pair.ours);
        add(`  anchor: bare Fastify + pg`, pair.anchor);
      }
  }
  const header = [
    'scenario',
    'conns',
    'req/s',
    'mean ms',
    'p50 ms',
    'p99 ms',
    'max ms',
    '503s',
    'CPU% srv/ac/pg/other',
    'status codes',
  ];
  // printTable right-aligns all but the first column: the status codes, padded to one width here,
  // stay left-aligned
  const statusWidth = Math.max(...[header, ...rows].map((row) => row.at(-1).length));
  for (const row of [header, ...rows]) row.push(row.pop().padEnd(statusWidth));
  printTable({ header, rows });
  const pairs = Object.entries(results.postgres?.anchor ?? {});
  if (pairs.length > 0) {
    console.log(
      '\nAgainst the bare Fastify + pg anchor, PostgreSQL, 10 connections (the aim: ≥ 85 % of its req/s, p99 ≤ 1.5×):',
    );
    printTable({
      header: [
        'call',
        'req/s',
        'anchor req/s',
        'ratio',
        'p99 ratio',
        'main thread µs/req',
        'anchor µs/req',
        'CPU ratio',
      ],
      rows: pairs.flatMap(([key, allRounds]) => {
        // a round with refusals (429 past a limit, 503) measured other work than the anchor's
        const isClean = ({ ours, anchor }) => !ours.non2xx && !anchor.non2xx;
        const rounds = allRounds.filter(isClean);
        const refused = allRounds.filter((round) => !isClean(round));
        const ratios = rounds.map(({ ours, anchor }) => ({
          throughput: ours.requestsPerSecond / anchor.requestsPerSecond,
          p99: ours.latencyMs.p99 / Math.max(1, anchor.latencyMs.p99),
          cpu: anchor.mainThreadCpuUsPerRequest / Math.max(1, ours.mainThreadCpuUsPerRequest),
        }));
        const percent = (ratio) => `${Math.round(ratio * 100)} %`;
        const rows = rounds.map(({ ours, anchor }, index) => [
          rounds.length > 1 ? `${ANCHOR_LABELS[key]}, round ${index + 1}` : ANCHOR_LABELS[key],
          String(ours.requestsPerSecond),
          String(anchor.requestsPerSecond),
          percent(ratios[index].throughput),
          `${ratios[index].p99.toFixed(2)}×`,
          String(ours.mainThreadCpuUsPerRequest),
          String(anchor.mainThreadCpuUsPerRequest),
          percent(ratios[index].cpu),
        ]);
        for (const { ours, anchor } of refused)
          rows.push([
            `${ANCHOR_LABELS[key]}, left out: refusals`,
            `${ours.requestsPerSecond} (${ours.non2xx} non-2xx)`,
            `${anchor.requestsPerSecond} (${anchor.non2xx ?? 0} non-2xx)`,
            '',
            '',
            '',
            '',
            '',
          ]);
        if (rounds.length > 1) {
          rows.push([
            `${ANCHOR_LABELS[key]}, median of ${rounds.length}`,
            String(Math.round(median(rounds.map(({ ours }) => ours.requestsPerSecond)))),
            String(Math.round(median(rounds.map(({ anchor }) => anchor.requestsPerSecond)))),
            percent(median(ratios.map((ratio) => ratio.throughput))),
            `${median(ratios.map((ratio) => ratio.p99)).toFixed(2)}×`,
            String(Math.round(median(rounds.map(({ ours }) => ours.mainThreadCpuUsPerRequest)))),
            String(Math.round(median(rounds.map(({ anchor }) => anchor.mainThreadCpuUsPerRequest)))),
            percent(median(ratios.map((ratio) => ratio.cpu))),
          ]);
        }
        return rows;
      }),
    });
    console.log(
      "CPU ratio: the anchor's main-thread CPU per request over ours. For sign-in it is the figure that sets argon2id aside (it runs in libuv's pool, the same in both).",
    );
  }
  if (results.argon2?.medianMs !== undefined)
    console.log(`\nargon2id hash: median ${results.argon2.medianMs} ms`);
  if (results.loginPage?.gzipBytes !== undefined)
    console.log(`Login page JavaScript: ${kb(results.loginPage.gzipBytes)} gzip`);
  else if (results.loginPage?.skipped)
    console.log(`Login page JavaScript: skipped (${results.loginPage.skipped})`);
  for (const [step, r] of Object.entries(results))
    if (r?.failed) console.log(`${step}: FAILED (${r.failed})`);
}

async function step(name, fn) {
  if (SKIP.has(name)) return { skipped: 'BENCH_SKIP' };
  try {
    return await fn();
  } catch (error) {
    console.error(`\n${name} failed: ${error.stack ?? error}`);
    return { failed: String(error.message ?? error).split('\n')[0] };
  }
}

async function main() {
  const started = Date.now();
  const info = machine([
    'fastify',
    '@electric-sql/pglite',
    'pg',
    '@node-rs/argon2',
    'autocannon',
    'playwright-core',
  ]);
  console.log(
    `Escudo API bench: ${info.cpuModel}, ${info.nproc} cores, ${info.memoryGiB} GiB, Node ${info.node}; ` +
      `${DURATION_S} s per measurement after a ${WARMUP_S} s warm-up; autocannon runs in this process`,
  );
  // anything else running competes for the same cores: the figures are only comparable when idle
  const idleBefore = readCpu({});
  await sleep(2_000);
  info.busyBeforeStartPct = cpuShares(idleBefore, readCpu({})).machine;
  if (info.busyBeforeStartPct > 10)
    console.log(
      `warning: the machine was ${info.busyBeforeStartPct}% busy before the run: figures will be noisy`,
    );
  const results = {
    startedAt: new Date(started).toISOString(),
    machine: info,
    durationS: DURATION_S,
    warmupS: WARMUP_S,
  };
  results.baseline = await step('baseline', benchBaseline);
  results.pglite = await step('pglite', () => benchEscudo('PGlite', undefined));
  results.postgres = await step('postgres', benchPostgres);
  results.argon2 = await step('argon2', benchArgon2);
  results.loginPage = await step('web', benchLoginPage);
  results.totalS = Math.round((Date.now() - started) / 1000);

  printResults(results);
  fs.writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${results.totalS} s in all; raw figures in ${path.relative(process.cwd(), outFile)}`);
  const failed = Object.values(results).some((r) => r && typeof r === 'object' && 'failed' in r);
  process.exitCode = failed ? 1 : 0;
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  // whatever happened, no server is left running
  .finally(killEverything);
