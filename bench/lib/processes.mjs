/**
 * Child processes for the benches: each is tracked and killed on the way out, whatever happens
 * (normal end, failure, Ctrl-C), and temporary folders go with them.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const children = new Set();
const tempDirs = new Set();
/** what must still happen when the run is interrupted (dropping a scratch database, say) */
export const onInterrupt = new Set();
let requestIds = 0;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A temporary folder removed when the bench ends. */
export function makeTempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/**
 * A Node child process with an IPC channel, started through a shell that first lifts its soft limit
 * on open files to the hard one (10,000 sockets need 10,000 descriptors); `exec` keeps the pid.
 */
export function startProcess(
  name,
  args,
  { env = {}, readyText, cwd = process.cwd(), readyTimeoutMs = 60_000 } = {},
) {
  const child = spawn(
    '/bin/sh',
    ['-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@"', process.execPath, ...args],
    { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  children.add(child);
  const startedAt = performance.now();
  let output = '';
  const collect = (chunk) => {
    output += chunk;
    if (output.length > 20_000) output = output.slice(-20_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  // BENCH_PROCESS_OUTPUT_DIR keeps each child's whole output (say, a server's --trace-gc-nvp lines)
  const outputDir = process.env.BENCH_PROCESS_OUTPUT_DIR;
  if (outputDir) {
    fs.mkdirSync(outputDir, { recursive: true });
    // a stream, not a write per chunk: this process also runs the load generator and times the answers
    const file = fs.createWriteStream(path.join(outputDir, `${name.replace(/[^\w-]+/g, '-')}.log`), {
      flags: 'a',
    });
    const keep = (chunk) => file.write(chunk);
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    // 'close', not 'exit': the last output may still be arriving when the process exits
    child.once('close', () => file.end());
  }
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  exited.then(() => children.delete(child));
  const ready = readyText
    ? new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${name} did not start in ${readyTimeoutMs / 1000} s:\n${output}`)),
          readyTimeoutMs,
        );
        const check = () => {
          if (output.includes(readyText)) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout.on('data', check);
        child.stderr.on('data', check);
        exited.then(({ code, signal }) => {
          clearTimeout(timer);
          reject(new Error(`${name} exited (${code ?? signal}) before it was ready:\n${output}`));
        });
      })
    : Promise.resolve();
  return {
    name,
    child,
    pid: child.pid,
    startedAt,
    ready,
    output: () => output,
    /** sends `message` with a fresh id and resolves with the reply carrying the same id */
    request(message, timeoutMs = 15 * 60_000) {
      const id = ++requestIds;
      return new Promise((resolve, reject) => {
        const cleanup = () => {
          clearTimeout(timer);
          child.off('message', onMessage);
          child.off('exit', onExit);
        };
        const onMessage = (reply) => {
          if (reply?.id !== id) return;
          cleanup();
          resolve(reply);
        };
        const onExit = () => {
          cleanup();
          reject(new Error(`${name} exited while asked ${message.type}:\n${output.slice(-2_000)}`));
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${name} did not answer ${message.type} in ${timeoutMs} ms`));
        }, timeoutMs);
        child.on('message', onMessage);
        child.once('exit', onExit);
        child.send({ ...message, id });
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/**
 * Runs a measuring script to its end and returns the JSON line it printed (the one holding `"runs"`):
 * the way the benches time code in a process of its own (argon2, PGlite commits).
 */
export async function runMeasuringScript(name, args, { cwd } = {}) {
  const script = startProcess(name, args, { cwd, readyText: '"runs"' });
  await script.ready;
  await script.stop();
  const line = script
    .output()
    .split('\n')
    .find((l) => l.includes('"runs"'));
  return JSON.parse(line);
}

export function killEverything() {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
}

process.on('exit', killEverything);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping`);
    killEverything();
    const timeout = new Promise((resolve) => setTimeout(resolve, 5_000));
    Promise.race([Promise.allSettled([...onInterrupt].map((cleanup) => cleanup())), timeout]).finally(() =>
      process.exit(130),
    );
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
