/**
 * What the benches read about the machine and its processes, from /proc: memory (VmRSS), CPU seconds
 * per process, and where the CPU went between two moments. The machine is shared, so every figure
 * is reported with the share of CPU that none of our processes used ("other").
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

export function readRssKb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]);
}

function processCpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, USER_HZ = 100
  } catch {
    return 0;
  }
}

/**
 * CPU seconds so far: the whole machine, the process under test (`pids.target`), the phone processes
 * (`pids.phones`), other helpers of ours (`pids.helpers`), this process, and PostgreSQL.
 */
export function readCpu(pids) {
  const [, ...cpu] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  // by process: a backend whose connection closes during a measurement (a pool's idle timeout) takes
  // its CPU seconds with it, which a plain sum would count as negative time
  const postgres = new Map();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres')
        postgres.set(pid, processCpuSeconds(pid));
    } catch {
      // the process ended meanwhile
    }
  }
  const self = process.cpuUsage();
  const sum = (list) => (list ?? []).reduce((total, pid) => total + processCpuSeconds(pid), 0);
  return {
    at: performance.now() / 1000,
    busy: (cpu.reduce((a, b) => a + b, 0) - cpu[3] - cpu[4]) / 100,
    target: pids.target ? processCpuSeconds(pids.target) : 0,
    phones: sum(pids.phones),
    helpers: sum(pids.helpers),
    bench: (self.user + self.system) / 1e6,
    postgres,
  };
}

/** % of one core each (200% = both cores); "other" is what none of ours used */
export function cpuShares(before, after) {
  const seconds = after.at - before.at;
  const pct = (key) => Math.round(((after[key] - before[key]) / seconds) * 100);
  // the backends alive at the end, each from where it was at the start (0 if it started since)
  let postgresSeconds = 0;
  for (const [pid, cpu] of after.postgres) postgresSeconds += cpu - (before.postgres.get(pid) ?? 0);
  const shares = {
    machine: pct('busy'),
    target: pct('target'),
    phones: pct('phones'),
    helpers: pct('helpers'),
    bench: pct('bench'),
    postgres: Math.round((postgresSeconds / seconds) * 100),
  };
  shares.other = Math.max(
    0,
    shares.machine - shares.target - shares.phones - shares.helpers - shares.bench - shares.postgres,
  );
  return shares;
}

export function packageVersion(name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return 'unknown';
  }
}

/** The machine, for the record: cores, memory, Node, open-file limits and the given packages' versions. */
export function machine(libraries) {
  const cpuinfo = fs.existsSync('/proc/cpuinfo') ? fs.readFileSync('/proc/cpuinfo', 'utf8') : '';
  const [softFds, hardFds] = execFileSync('/bin/sh', ['-c', 'ulimit -Sn; ulimit -Hn'], { encoding: 'utf8' })
    .trim()
    .split('\n');
  return {
    nproc: os.availableParallelism(),
    cpuModel: /model name\s*:\s*(.*)/.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    openFiles: { soft: softFds, hard: hardFds },
    libraries: Object.fromEntries(libraries.map((name) => [name, packageVersion(name)])),
  };
}
