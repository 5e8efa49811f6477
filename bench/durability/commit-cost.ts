/**
 * What one commit costs on PGlite in a folder, durable or relaxed (decision 009), without HTTP in the
 * way: the server's own openDatabase, then single-row inserts one after another, each its own
 * transaction. Also counts the host fsync calls they caused (Node's fs.fsyncSync, which is what
 * durable-pglite.ts gives PGlite). Prints one JSON line; run by bench/durability/run.mjs.
 *
 * Usage: node --import tsx bench/durability/commit-cost.ts durable|relaxed <empty folder>
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/lib/db/client.ts';

const RUNS = 500;
const WARM_UP = 50;
const [durability, folder] = process.argv.slice(2);
if ((durability !== 'durable' && durability !== 'relaxed') || !folder)
  throw new Error('usage: commit-cost.ts durable|relaxed <folder>');

const dir = path.join(folder, 'db');
const openedAt = performance.now();
const database = await openDatabase({ pgliteDir: dir, pgliteDurability: durability });
const openMs = performance.now() - openedAt;
await database.db.execute(sql`create table commit_cost (id serial primary key, note text not null)`);
for (let i = 0; i < WARM_UP; i += 1)
  await database.db.execute(sql`insert into commit_cost (note) values ('warm-up')`);

let fsyncs = 0;
const fsyncSync = fs.fsyncSync;
fs.fsyncSync = (fd) => {
  fsyncs += 1;
  fsyncSync(fd);
};
const times: number[] = [];
const started = performance.now();
for (let i = 0; i < RUNS; i += 1) {
  const start = performance.now();
  await database.db.execute(sql`insert into commit_cost (note) values (${`row ${i}`})`);
  times.push(performance.now() - start);
}
const totalMs = performance.now() - started;
fs.fsyncSync = fsyncSync;
await database.close();

// a reopen from a clean shutdown: what durable mode adds to every start (the folder's sync)
const reopenedAt = performance.now();
const reopened = await openDatabase({ pgliteDir: dir, pgliteDurability: durability });
const reopenMs = performance.now() - reopenedAt;
await reopened.close();

times.sort((a, b) => a - b);
const round = (ms: number) => Math.round(ms * 100) / 100;
const at = (share: number) => round(times[Math.min(RUNS - 1, Math.floor(RUNS * share))]!);
console.log(
  JSON.stringify({
    durability,
    runs: RUNS,
    commitsPerSecond: Math.round(RUNS / (totalMs / 1000)),
    p50Ms: at(0.5),
    p90Ms: at(0.9),
    p99Ms: at(0.99),
    maxMs: round(times[RUNS - 1]!),
    fsyncsPerCommit: round(fsyncs / RUNS),
    firstOpenMs: Math.round(openMs),
    reopenMs: Math.round(reopenMs),
  }),
);
