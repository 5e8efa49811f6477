#!/usr/bin/env node
// `npm run bench:log`: what the server's log destination costs (decision 057). A child process writes
// LINES log lines with pino, each like a request's line, to its standard output, a pipe this process
// reads and drops, as a container runtime or systemd reads a server's output: once through pino's
// default destination (sonic-boom), once through apps/server/src/lib/log/log-destination.ts. Printed:
// lines a second and the child's CPU time a line, the median of RUNS runs each.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const LINES = 200_000;
const RUNS = 5;
const here = import.meta.dirname;

/** the child: logs LINES lines through the destination named, then says how long it took */
async function child(kind) {
  const { pino } = await import('pino');
  const { createLogDestination, flushLog } = await import('../../apps/server/src/lib/log/log-destination.ts');
  const log = kind === 'ours' ? pino({ level: 'info' }, createLogDestination()) : pino({ level: 'info' });
  const request = {
    method: 'POST',
    url: '/api/app/lostphone/blockMyPhoneNotification',
    remoteAddress: '10.0.0.1',
  };
  const started = process.hrtime.bigint();
  const cpuStarted = process.cpuUsage();
  for (let i = 0; i < LINES; i += 1) {
    log.info(
      { reqId: `req-${i}`, req: request, res: { statusCode: 200 }, responseTime: 1.2 },
      'request completed',
    );
    // as a server does between requests: the event loop turns, and the asynchronous writes go out
    if (i % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await flushLog(log);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const cpu = process.cpuUsage(cpuStarted);
  process.stderr.write(JSON.stringify({ ms, cpuUs: cpu.user + cpu.system }) + '\n');
}

function runOnce(kind) {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'run.mjs'), '--child', kind], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let bytes = 0;
    let report = '';
    proc.stdout.on('data', (chunk) => (bytes += chunk.length));
    proc.stderr.on('data', (chunk) => (report += chunk));
    proc.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${kind} exited with ${code}: ${report}`));
      resolve({ ...JSON.parse(report.trim().split('\n').at(-1)), bytes });
    });
  });
}

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (process.argv[2] === '--child') {
  await child(process.argv[3]);
} else {
  console.log(
    `Log destination bench: ${os.cpus()[0]?.model ?? 'CPU'}, ${os.availableParallelism()} cores, Node ${process.version}; ${LINES.toLocaleString('en')} lines a run, ${RUNS} runs each`,
  );
  for (const kind of ['sonic-boom', 'ours']) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await runOnce(kind));
    if (runs.some((run) => run.bytes < LINES * 100)) throw new Error(`${kind}: lines went missing`);
    const ms = median(runs.map((run) => run.ms));
    const cpuUs = median(runs.map((run) => run.cpuUs));
    console.log(
      `  ${kind.padEnd(11)} ${Math.round((LINES / ms) * 1000)
        .toLocaleString('en')
        .padStart(
          9,
        )} lines/s, ${(cpuUs / LINES).toFixed(2)} µs of CPU a line, ${(runs[0].bytes / LINES).toFixed(0)} bytes a line`,
    );
  }
}
