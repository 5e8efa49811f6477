/**
 * A real server process (`apps/server/src/main.ts`) for the tests that need more than one process: two
 * servers sharing Redis, or the admin command beside a running server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ServerProcess {
  url: string;
  process: ChildProcess;
  /** what the server wrote to stderr, once it has exited */
  exited: Promise<string>;
  /** what the server has written so far, its log (stdout) and stderr */
  output(): string;
}

/**
 * Starts a server on a free port of 127.0.0.1 and resolves once it answers, or once it has exited (a
 * server may be expected to refuse to start: `exited` says why).
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'test',
      LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    output += chunk.toString();
  });
  const exited = new Promise<string>((resolve) => child.on('exit', () => resolve(stderr)));
  const url = `http://127.0.0.1:${port}`;
  // PGlite's first start (migrations, reference data) takes a minute or more on a slow, busy machine
  for (let attempt = 0; attempt < 1200 && child.exitCode === null; attempt += 1) {
    const isUp = await fetch(`${url}/api/config`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return { url, process: child, exited, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (child.exitCode === null) throw new Error(`server did not start: ${stderr}`);
  return { url, process: child, exited, output: () => output };
}

/** Starts a server that must start: one that exited instead fails the test, with what it said. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  if (server.process.exitCode !== null) throw new Error(`server exited: ${await server.exited}`);
  return server;
}

/** Stops a server as an orchestrator does (SIGTERM) and resolves once it has exited, at once if it had. */
export async function stopServer(server: ServerProcess): Promise<void> {
  server.process.kill('SIGTERM');
  await server.exited;
}
