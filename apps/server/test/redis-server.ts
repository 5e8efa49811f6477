/**
 * A Redis of a test's own (the machine's `redis-server`, on a free port, keeping nothing on disk), that
 * the test can stop and start again on the same port: Redis lost and back while a server runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './server-process.ts';

export interface TestRedis {
  url: string;
  /** starts it (again, on the same port) and resolves once it takes connections */
  start(): Promise<void>;
  /** stops it and resolves once it has exited */
  stop(): Promise<void>;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function createTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const redis: TestRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      for (let attempt = 0; attempt < 200; attempt += 1) {
        if (await accepts(port)) return;
        if (child.exitCode !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`redis-server did not start on port ${port}`);
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      await new Promise((resolve) => {
        running.once('exit', resolve);
        running.kill('SIGKILL');
      });
    },
  };
  await redis.start();
  return redis;
}
