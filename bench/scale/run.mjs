/**
 * `npm run bench:scale`: several server processes sharing PostgreSQL and Redis (docs/deploy.md, "Running
 * several processes").
 *
 *   1. A scratch PostgreSQL database; --accounts accounts signed up through the API; --phones phones
 *      inserted as device rows (bench/lib/escudo.mjs), phone i belonging to account i mod accounts.
 *   2. Single process, the reference: one server, no Redis; every phone and every panel on it;
 *      ayThere → imHere probe round trips (panel → server → phone → server → panel, the path of
 *      every command; bench/realtime/panels.mjs), one at a time, then 50 in flight.
 *   3. --processes server processes on the same database and Redis channels of this run's own,
 *      behind a TCP balancer (bench/scale/balancer.mjs). Account a's phones connect straight to
 *      process a mod P, its panel to process (a + 1) mod P: every probe crosses processes through
 *      Redis. RSS of each process before and after its phones; the same probe runs.
 *   4. Kill -9: lock commands go through the balancer's address to the API, one every
 *      --command-every ms, each to a phone not yet ordered; after 3 s the last process is killed
 *      with SIGKILL. Its phones connect again through the balancer (bench/scale/phones.mjs). Timed:
 *      until every phone is connected again. Then, for every command the API acknowledged (200
 *      with its id), the database must hold it and the phone must have carried it out (done).
 *
 * Everything shares this machine's cores. Prints the figures and writes bench/scale/last-run.json;
 * bench/RESULTS.md, "Several processes", says how to read them.
 *
 * Options:
 *   --phones 20000          phones
 *   --processes 4           server processes in step 3
 *   --accounts 200          accounts (= panels; a multiple of --processes)
 *   --phone-processes 4     child processes the phones are spread over
 *   --batch 200             phones connecting at the same time
 *   --command-every 50      ms between two lock commands in step 4
 *   --entry FILE            the server's entry (default apps/server/src/main.ts, run through tsx;
 *                           a .js file, such as a compiled build, runs on plain node)
 *   --skip single|kill      leave step 2 or step 4 out; memory|probes leave out, in step 3, the memory
 *                           readings or the probe runs (to time the kill alone)
 * Environment: BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_REDIS_URL (default redis://127.0.0.1:6379).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { route } from '../lib/contract.mjs';
import { createAccounts, createDatabase, insertPhones, repoRoot as root } from '../lib/escudo.mjs';
import { machine, median, readRssKb } from '../lib/machine.mjs';
import { freePort, makeTempDir, sleep, startProcess } from '../lib/processes.mjs';
import { connectPanels, runProbes, summarize } from '../realtime/panels.mjs';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const memoryProbe = here('../realtime/memory-probe.mjs');
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const APP_SECRET = randomBytes(32).toString('hex');
/**
 * one at a time as many as at 50 in flight: the p99 of 500 was their fifth slowest, so one pause of
 * a process moved the ratio from 1.19× to 1.93× between two runs of the same code (bench/RESULTS.md)
 */
const PROBES = { warmup: 300, sequential: 3_000, parallel: 3_000, inFlight: 50 };
/** quiet time before RSS is read */
const SETTLE_MS = 5_000;
/** RSS must move less than 1 MB over this many seconds to count as settled (at most SETTLE_MAX_S) */
const SETTLE_WINDOW_S = 30;
const SETTLE_MAX_S = 180;
/** as bench/realtime: a fresh server's RSS falls for about a minute; no reading before this */
const SETTLE_AFTER_START_MS = 60_000;
const KILL_AFTER_MS = 3_000;
const RECOVERY_TIMEOUT_MS = 120_000;
/** how long the phones have to carry out the acknowledged commands once every phone is back */
const DELIVERY_TIMEOUT_MS = 60_000;

const options = parseArgs(process.argv.slice(2));

function parseArgs(args) {
  const parsed = {
    phones: 20_000,
    processes: 4,
    accounts: 200,
    phoneProcesses: 4,
    batch: 200,
    commandEvery: 50,
    entry: 'apps/server/src/main.ts',
    skip: new Set(),
  };
  for (let i = 0; i < args.length; i += 1) {
    const [flag, inline] = args[i].split('=', 2);
    const value = () => inline ?? args[++i];
    if (flag === '--phones') parsed.phones = Number(value());
    else if (flag === '--processes') parsed.processes = Number(value());
    else if (flag === '--accounts') parsed.accounts = Number(value());
    else if (flag === '--phone-processes') parsed.phoneProcesses = Number(value());
    else if (flag === '--batch') parsed.batch = Number(value());
    else if (flag === '--command-every') parsed.commandEvery = Number(value());
    else if (flag === '--entry') parsed.entry = value();
    else if (flag === '--skip') for (const s of value().split(',')) parsed.skip.add(s);
    else throw new Error(`unknown option ${args[i]} (see the header of bench/scale/run.mjs)`);
  }
  if (parsed.processes < 2) throw new Error('--processes: at least 2');
  if (parsed.accounts % parsed.processes !== 0) throw new Error('--accounts: a multiple of --processes');
  return parsed;
}

// ---------------------------------------------------------------------------------------------
// processes

async function startServer(databaseUrl, redis) {
  const port = await freePort();
  const dataDir = makeTempDir('escudo-scale-');
  // the realtime bench's probe, preloaded, lets the bench force a GC before reading RSS
  const args = [
    '--expose-gc',
    '--import',
    memoryProbe,
    ...(options.entry.endsWith('.ts') ? ['--import', 'tsx', options.entry] : [options.entry]),
  ];
  const server = startProcess(`server :${port}`, args, {
    cwd: root,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      APP_SECRET,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      REDIS_URL: redis?.url ?? '',
      REDIS_CHANNEL_PREFIX: redis?.channelPrefix ?? '',
      SIGNUPS_PER_ADDRESS: '1000000',
      // thousands of phones and panels from this one address are the bench, not a crowd of stalled
      // connections: no per-address connection caps (decision 051)
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
      HTTP_MAX_PENDING_HEADERS_PER_ADDRESS: '0',
    },
    readyText: 'corriendo en',
  });
  await server.ready;
  return { ...server, url: `http://127.0.0.1:${port}` };
}

async function startBalancer(servers) {
  const balancer = startProcess('balancer', [here('./balancer.mjs')], {
    cwd: root,
    env: { BACKENDS: servers.map((s) => s.url).join(',') },
    readyText: 'balancer ready',
  });
  await balancer.ready;
  const url = /balancer ready (\S+)/.exec(balancer.output())[1];
  return { ...balancer, url };
}

/** Each phone to its own `url`, from a few child processes. */
async function connectFleet(phones, fallbackUrl) {
  const count = Math.min(options.phoneProcesses, Math.ceil(phones.length / 50));
  const slices = Array.from({ length: count }, (_, i) => phones.filter((_, j) => j % count === i));
  const processes = slices.map((_, i) =>
    startProcess(`phones ${i + 1}`, [here('./phones.mjs')], { cwd: root }),
  );
  const replies = await Promise.all(
    processes.map((p, i) =>
      p.request({
        type: 'connect',
        phones: slices[i].map(({ deviceId, token, url }) => ({ deviceId, token, url })),
        fallbackUrl,
        concurrency: Math.ceil(options.batch / count),
      }),
    ),
  );
  return {
    connected: replies.reduce((sum, r) => sum + r.connected, 0),
    failed: replies.reduce((sum, r) => sum + r.failed, 0),
    seconds: Math.max(...replies.map((r) => r.ms)) / 1000,
    async status() {
      const all = await Promise.all(processes.map((p) => p.request({ type: 'status' })));
      return {
        open: all.reduce((sum, r) => sum + r.open, 0),
        reconnected: all.reduce((sum, r) => sum + r.reconnected, 0),
        received: new Set(all.flatMap((r) => r.received)),
        reconnectErrors: all.reduce((sum, r) => {
          for (const [reason, count] of Object.entries(r.reconnectErrors))
            sum[reason] = (sum[reason] ?? 0) + count;
          return sum;
        }, {}),
        awayMs: all.flatMap((r) => r.awayMs),
      };
    },
    async close() {
      await Promise.all(processes.map((p) => p.request({ type: 'close' }, 60_000).catch(() => p.stop())));
      await Promise.all(processes.map((p) => p.stop()));
    },
  };
}

/** Panel of account a on `urlOf(a)`; returned indexed by account. */
async function connectPanelsOn(accounts, urlOf) {
  const panels = new Array(accounts.length);
  const byUrl = new Map();
  accounts.forEach((account, a) => {
    const url = urlOf(a);
    if (!byUrl.has(url)) byUrl.set(url, []);
    byUrl.get(url).push(a);
  });
  for (const [url, indices] of byUrl) {
    const connected = await connectPanels(
      'socketio',
      url,
      indices.map((a) => accounts[a]),
    );
    indices.forEach((a, i) => (panels[a] = connected[i]));
  }
  return panels;
}

/**
 * A process's RSS once quiet: a fresh server hands memory back for a minute or so after it starts
 * (bench/realtime measured it), so wait until RSS moves less than 1 MB over SETTLE_WINDOW_S seconds,
 * then force a full GC and take the median of 3 readings of RSS and of the live heap. KB.
 */
async function settledMemoryKb(server) {
  await sleep(Math.max(SETTLE_MS, server.startedAt + SETTLE_AFTER_START_MS - performance.now()));
  const window = [];
  for (let s = 0; s < SETTLE_MAX_S; s += 1) {
    window.push(readRssKb(server.pid));
    if (window.length > SETTLE_WINDOW_S) window.shift();
    if (window.length === SETTLE_WINDOW_S && Math.max(...window) - Math.min(...window) < 1024) break;
    await sleep(1_000);
  }
  const rss = [];
  const heap = [];
  for (let i = 0; i < 3; i += 1) {
    const { usage } = await server.request({ type: 'bench:memory', gc: true });
    rss.push(readRssKb(server.pid));
    heap.push(Math.round(usage.heapUsed / 1024));
    await sleep(500);
  }
  return { rss: median(rss), heap: median(heap) };
}

async function probeRuns(panels, phones) {
  const run = async (label, count, inFlight) => {
    const { latenciesMs, ...result } = await runProbes({ panels, phones, count, inFlight });
    const latency = summarize(latenciesMs);
    console.log(
      `    ${label}: ${result.answered}/${count} answered, p50 ${latency.p50} ms, p99 ${latency.p99} ms, max ${latency.max} ms` +
        (result.lost ? `, ${result.lost} lost` : '') +
        (result.rejected ? `, ${result.rejected} rejected` : ''),
    );
    return { ...result, latencyMs: latency };
  };
  await run('warm-up (discarded)', PROBES.warmup, PROBES.inFlight);
  return {
    sequential: await run(`${PROBES.sequential} probes, one at a time`, PROBES.sequential, 1),
    parallel: await run(
      `${PROBES.parallel} probes, ${PROBES.inFlight} in flight`,
      PROBES.parallel,
      PROBES.inFlight,
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// setup: accounts (with their API token, for the lock commands) and phones

// ---------------------------------------------------------------------------------------------
// the steps

async function singleProcess(database, accounts, phones) {
  console.log(`\n  single process, no Redis, ${phones.length.toLocaleString('en')} phones`);
  // one descriptor per socket: a single process at full size may need more than the hard limit
  const { hard } = machine([]).openFiles;
  if (Number(hard) < phones.length + accounts.length + 200)
    console.log(
      `    warning: the open-files limit (${hard}) is below what ${phones.length} phones need in one process`,
    );
  const server = await startServer(database.url, null);
  let fleet = null;
  let panels = [];
  try {
    const before = await settledMemoryKb(server);
    fleet = await connectFleet(
      phones.map((p) => ({ ...p, url: server.url })),
      server.url,
    );
    console.log(`    connected ${fleet.connected}, failed ${fleet.failed}, in ${fleet.seconds} s`);
    panels = await connectPanelsOn(accounts, () => server.url);
    const after = await settledMemoryKb(server);
    console.log(
      `    RSS after GC ${(before.rss / 1024).toFixed(1)} → ${(after.rss / 1024).toFixed(1)} MB: ` +
        `per phone ${Math.round(((after.rss - before.rss) / fleet.connected) * 10) / 10} KB RSS, ` +
        `${Math.round(((after.heap - before.heap) / fleet.connected) * 10) / 10} KB heap`,
    );
    const probes = await probeRuns(panels, phones);
    return {
      connected: fleet.connected,
      failed: fleet.failed,
      memoryKb: { before, after },
      kbPerPhone: {
        rss: Math.round(((after.rss - before.rss) / fleet.connected) * 10) / 10,
        heap: Math.round(((after.heap - before.heap) / fleet.connected) * 10) / 10,
      },
      ...probes,
    };
  } finally {
    for (const panel of panels) panel?.close();
    await fleet?.close();
    await server.stop();
  }
}

async function severalProcesses(database, accounts, phones) {
  const P = options.processes;
  console.log(`\n  ${P} processes, Redis, ${phones.length.toLocaleString('en')} phones`);
  const redis = { url: REDIS_URL, channelPrefix: `escudo-scale:${randomBytes(4).toString('hex')}` };
  const servers = [];
  // one after the other, as a deployment starts them (the migrations are applied already)
  for (let i = 0; i < P; i += 1) servers.push(await startServer(database.url, redis));
  const balancer = await startBalancer(servers);
  const home = (phone) => phone.account % P;
  let fleet = null;
  let panels = [];
  try {
    const isMeasuringMemory = !options.skip.has('memory');
    const before = isMeasuringMemory ? await Promise.all(servers.map(settledMemoryKb)) : null;
    fleet = await connectFleet(
      phones.map((p) => ({ ...p, url: servers[home(p)].url })),
      balancer.url,
    );
    console.log(`    connected ${fleet.connected}, failed ${fleet.failed}, in ${fleet.seconds} s`);
    // every panel on another process than its phones
    panels = await connectPanelsOn(accounts, (a) => servers[(a + 1) % P].url);
    const after = isMeasuringMemory ? await Promise.all(servers.map(settledMemoryKb)) : null;
    const perProcess = (isMeasuringMemory ? servers : []).map((_, i) => {
      const count = phones.filter((p) => home(p) === i).length;
      const perPhone = (key) => Math.round(((after[i][key] - before[i][key]) / count) * 10) / 10;
      return {
        phones: count,
        memoryKb: { before: before[i], after: after[i] },
        kbPerPhone: { rss: perPhone('rss'), heap: perPhone('heap') },
      };
    });
    for (const [i, p] of perProcess.entries())
      console.log(
        `    process ${i}: ${p.phones} phones, RSS after GC ${(p.memoryKb.before.rss / 1024).toFixed(1)} → ${(p.memoryKb.after.rss / 1024).toFixed(1)} MB, ` +
          `per phone ${p.kbPerPhone.rss} KB RSS, ${p.kbPerPhone.heap} KB heap`,
      );
    const probes = options.skip.has('probes') ? {} : await probeRuns(panels, phones);
    const kill = options.skip.has('kill')
      ? null
      : await killOne({ database, servers, balancer, fleet, accounts, phones });
    return { connected: fleet.connected, failed: fleet.failed, perProcess, ...probes, kill };
  } finally {
    for (const panel of panels) panel?.close();
    await fleet?.close();
    await balancer.stop();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

async function killOne({ database, servers, balancer, fleet, accounts, phones }) {
  const victim = servers.length - 1;
  const total = (await fleet.status()).open;
  console.log(`\n  kill -9 of process ${victim} while lock commands go through ${balancer.url}`);
  const { method, path: lockPath } = route('blockMyPhoneNotification');
  const acknowledged = [];
  const refused = {};
  let sent = 0;
  let inFlight = 0;
  let ordering = true;
  const order = async (phone) => {
    inFlight += 1;
    try {
      const response = await fetch(`${balancer.url}${lockPath}`, {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${accounts[phone.account].token}`,
        },
        body: JSON.stringify({ device_id: phone.deviceId, pin: '4321' }),
        signal: AbortSignal.timeout(30_000),
      });
      const body = await response.json().catch(() => null);
      if (response.status === 200 && body?.command?.id) acknowledged.push(body.command.id);
      else
        refused[`${response.status} ${body?.code ?? ''}`] =
          (refused[`${response.status} ${body?.code ?? ''}`] ?? 0) + 1;
    } catch (error) {
      const key = String(error?.cause?.code ?? error?.name ?? error);
      refused[key] = (refused[key] ?? 0) + 1;
    } finally {
      inFlight -= 1;
    }
  };
  const loop = (async () => {
    while (ordering && sent < phones.length) {
      void order(phones[sent++]);
      await sleep(options.commandEvery);
    }
  })();

  await sleep(KILL_AFTER_MS);
  const killedAt = performance.now();
  servers[victim].child.kill('SIGKILL');
  let recoveredS = null;
  let lowest = total;
  while (performance.now() - killedAt < RECOVERY_TIMEOUT_MS) {
    const { open } = await fleet.status();
    lowest = Math.min(lowest, open);
    if (open >= total && lowest < total) {
      recoveredS = Math.round((performance.now() - killedAt) / 100) / 10;
      break;
    }
    await sleep(250);
  }
  console.log(
    `    phones connected: ${total} before, ${lowest} at the lowest, all back after ${recoveredS ?? 'more than ' + RECOVERY_TIMEOUT_MS / 1000} s`,
  );
  await sleep(5_000);
  ordering = false;
  await loop;
  while (inFlight > 0) await sleep(100);
  const balanced = await balancer.request({ type: 'status' });

  // every acknowledged command must be in the database and carried out by its phone
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  let states;
  let missing;
  const started = performance.now();
  try {
    for (;;) {
      const { rows } = await client.query('select id, state from device_commands where id = any($1::int[])', [
        acknowledged,
      ]);
      const found = new Map(rows.map((r) => [r.id, r.state]));
      missing = acknowledged.filter((id) => !found.has(id));
      states = {};
      for (const state of found.values()) states[state] = (states[state] ?? 0) + 1;
      if ((states.done ?? 0) + missing.length === acknowledged.length) break;
      if (performance.now() - started > DELIVERY_TIMEOUT_MS) break;
      await sleep(1_000);
    }
  } finally {
    await client.end();
  }
  const { received: receivedByPhones, reconnectErrors, awayMs } = await fleet.status();
  const away = summarize(awayMs);
  const notReceived = acknowledged.filter((id) => !receivedByPhones.has(id)).length;
  const result = {
    victim,
    phonesBefore: total,
    phonesAtLowest: lowest,
    recoveredS,
    openPerProcessAfter: balanced.open,
    commandsSent: sent,
    acknowledged: acknowledged.length,
    refused,
    reconnectErrors,
    awayMs: away,
    missingFromDatabase: missing.length,
    statesInDatabase: states,
    notReceivedByPhones: notReceived,
  };
  console.log(
    `    each phone away (ms): p50 ${away.p50}, p99 ${away.p99}, max ${away.max}; failed tries ${JSON.stringify(reconnectErrors)}`,
  );
  console.log(
    `    commands: ${sent} sent, ${acknowledged.length} acknowledged, refused ${JSON.stringify(refused)}; ` +
      `in the database ${JSON.stringify(states)}, missing ${missing.length}; not received by the phones ${notReceived}`,
  );
  return result;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const started = new Date();
  console.log(`bench:scale, ${options.phones} phones, ${options.processes} processes`);
  const database = await createDatabase('escudo_scale');
  try {
    // the first server applies the migrations and takes the sign-ups
    const setup = await startServer(database.url, null);
    const accounts = await createAccounts(setup.url, options.accounts, 'scale');
    await setup.stop();
    const phones = await insertPhones(database.url, accounts, options.phones);
    const single = options.skip.has('single') ? null : await singleProcess(database, accounts, phones);
    const several = await severalProcesses(database, accounts, phones);
    const result = {
      startedAt: started.toISOString(),
      options: { ...options, skip: [...options.skip] },
      machine: machine(['socket.io', 'socket.io-client', '@socket.io/redis-adapter', 'pg']),
      postgres: database.version,
      single,
      several,
    };
    fs.writeFileSync(here('./last-run.json'), `${JSON.stringify(result, null, 2)}\n`);
    if (single)
      console.log(
        `\n  p99 one at a time: ${several.sequential.latencyMs.p99} ms across processes vs ${single.sequential.latencyMs.p99} ms single ` +
          `(${(several.sequential.latencyMs.p99 / single.sequential.latencyMs.p99).toFixed(2)}×); ` +
          `50 in flight: ${several.parallel.latencyMs.p99} vs ${single.parallel.latencyMs.p99} ms ` +
          `(${(several.parallel.latencyMs.p99 / single.parallel.latencyMs.p99).toFixed(2)}×)`,
      );
    console.log('  written to bench/scale/last-run.json');
  } finally {
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
