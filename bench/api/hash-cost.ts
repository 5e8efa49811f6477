/**
 * The cost of one argon2id hash with the server's own parameters (lib/crypto/passwords.ts): a
 * sign-in verifies one hash, which costs the same as computing one. Prints one JSON line; run by
 * bench/api/run.mjs on an otherwise idle machine.
 */
import { performance } from 'node:perf_hooks';
import { hashPassword } from '../../apps/server/src/lib/crypto/passwords.ts';

const RUNS = 20;

for (let i = 0; i < 2; i += 1) await hashPassword('warm-up password');
const times: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  const start = performance.now();
  await hashPassword(`bench password ${i}`);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const round = (ms: number) => Math.round(ms * 10) / 10;
const median = (times[RUNS / 2 - 1]! + times[RUNS / 2]!) / 2;
console.log(
  JSON.stringify({
    runs: RUNS,
    medianMs: round(median),
    minMs: round(times[0]!),
    maxMs: round(times[RUNS - 1]!),
    timesMs: times.map(round),
  }),
);
