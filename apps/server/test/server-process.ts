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
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<string>((resolve) => child.on('exit', () => resolve(stderr)));
  const url = `http://127.0.0.1:${port}`;
  // a limit against a hang, not a measure of speed: on a busy 2-core machine a start took more than
  // the 30 s that 300 polls used to allow (the phone integration test allows 120 s, too)
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const isUp = await fetch(`${url}/api/config`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return { url, process: child, exited };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (child.exitCode === null) throw new Error(`server did not start: ${stderr}`);
  return { url, process: child, exited };
}
