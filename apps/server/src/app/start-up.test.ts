/**
 * A server whose database or Redis cannot be reached does not start: main.ts, as `npm start` runs
 * it, prints one line naming which and why (no password, no stack trace) and exits 1, rather than
 * waiting forever or running half-started. The bucket's case is in lib/storage/file-storage.test.ts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, repoRoot } from '../../test/server-process.ts';

/** runs main.ts with these variables until it exits; its exit code and what it wrote to stderr */
async function startMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'escudo-start-up-'));
  try {
    const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        PORT: '0',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => server.on('exit', resolve));
    return { code, stderr };
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

// the same child processes whichever database the project tests: once is enough
describe.skipIf(process.env.ESCUDO_TEST_DB === 'postgres')('a server that cannot reach a service', () => {
  it('does not start without its PostgreSQL, and says which one without its password', async () => {
    const port = await freePort();
    const { code, stderr } = await startMain({
      DATABASE_URL: `postgres://escudo:very-secret@127.0.0.1:${port}/escudo`,
    });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `No se puede conectar a la base de datos PostgreSQL 127.0.0.1:${port}/escudo (DATABASE_URL): no responde (conexión rechazada).`,
    );
    expect(stderr).not.toContain('very-secret');
  }, 120_000);

  it('does not start without its Redis, instead of trying it forever', async () => {
    const port = await freePort();
    const { code, stderr } = await startMain({ REDIS_URL: `redis://127.0.0.1:${port}` });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `No se puede conectar a Redis 127.0.0.1:${port} (REDIS_URL): no responde (conexión rechazada).`,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 120_000);
});
