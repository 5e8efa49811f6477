/**
 * Why the admission gate keeps a request's ticket on the request rather than in a WeakMap
 * (apps/server/src/lib/http/admission.ts), shown without the server: short-lived "requests" of about
 * 6 KB each, a few hundred alive at a time, each with a small ticket that leads back to it (as a
 * ticket's response leads to its request). Three ways of finding a request's ticket:
 *   weakmap         a WeakMap from request to ticket, the ticket reaching its request (what the gate did)
 *   weakmap-no-path the same WeakMap, the ticket holding nothing of its request
 *   property        the ticket as a symbol-keyed property of the request (what the gate does)
 * Each runs in its own Node process under --trace-gc-nvp; printed: bytes promoted to the old
 * generation per young collection, and the median young-collection pause.
 *
 *   node bench/api/weakmap-promotion.mjs
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WAYS = ['weakmap', 'weakmap-no-path', 'property'];
const ROUNDS = 3000;
const PER_ROUND = 200;
const ALIVE = 400;

if (process.argv[2] === '--way') {
  simulate(process.argv[3]);
} else {
  console.log('way               young GCs  promoted KB per young GC (median)  pause ms (median)');
  for (const way of WAYS) {
    const run = spawnSync(
      process.execPath,
      ['--trace-gc-nvp', fileURLToPath(import.meta.url), '--way', way],
      {
        encoding: 'utf8',
      },
    );
    const scavenges = run.stdout.split('\n').filter((line) => line.includes(' gc=s '));
    const field = (name) =>
      median(scavenges.map((line) => Number(line.match(new RegExp(` ${name}=([\\d.]+)`))[1])));
    console.log(
      `${way.padEnd(16)}  ${String(scavenges.length).padStart(9)}  ${String(Math.round(field('promoted') / 1024)).padStart(35)}  ${field('pause').toFixed(1).padStart(17)}`,
    );
  }
}

function simulate(way) {
  const tickets = new WeakMap();
  const TICKET = Symbol('ticket');
  const alive = [];
  let round = 0;
  const step = () => {
    for (let i = 0; i < PER_ROUND; i += 1) {
      const request = { headers: Array.from({ length: 40 }, (_, n) => `header ${n}: ${i}`), body: { id: i } };
      const response = { request, chunks: Array.from({ length: 60 }, (_, n) => n * i) };
      const ticket = { response: way === 'weakmap-no-path' ? null : response, isHolding: true };
      if (way === 'property') request[TICKET] = ticket;
      else tickets.set(request, ticket);
      alive.push(request);
    }
    // the oldest requests are answered: only the last few hundred are in flight
    alive.splice(0, Math.max(0, alive.length - ALIVE));
    round += 1;
    if (round < ROUNDS) setImmediate(step);
  };
  step();
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
}
