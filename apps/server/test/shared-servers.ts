/**
 * Several real server processes as a deployment runs them behind a balancer (PostgreSQL project only,
 * since PGlite is one process's): one fresh PostgreSQL database, the machine's Redis, one data folder
 * for all (as a shared volume would be) and one APP_SECRET.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from './test-app.ts';
import { afterAll, beforeAll } from 'vitest';
import { startServer, stopServer, type ServerProcess } from './server-process.ts';
import type { TestSocket } from './sockets.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface SharedServers {
  servers: ServerProcess[];
  database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  dataDir: string;
  /** stops the servers still running (SIGTERM), then drops the database and removes the folder */
  close(): Promise<void>;
}

/**
 * Starts `count` servers one after the other (the first applies the migrations); `env` adds to or
 * overrides what they share. If one fails to start, what was started is stopped and removed.
 */
export async function startSharedServers(
  count: number,
  env: Record<string, string> = {},
): Promise<SharedServers> {
  const database = await createPostgresDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'escudo-shared-'));
  const servers: ServerProcess[] = [];
  const close = async () => {
    await Promise.all(servers.map(stopServer));
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL,
    // this run's own stream, whatever else uses the machine's Redis
    REDIS_CHANNEL_PREFIX: `escudo-test:${randomBytes(4).toString('hex')}`,
    APP_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-panel'),
    ...env,
  };
  try {
    for (let i = 0; i < count; i += 1) servers.push(await startServer(shared));
  } catch (error) {
    await close();
    throw error;
  }
  return { servers, database, dataDir, close };
}

/**
 * For a test file's describe block: `count` servers started before its tests and closed after them,
 * with the sockets its tests opened (`sockets`), closed first. `urls` are the servers' own.
 */
export function useSharedServers(count: number) {
  const state = { sockets: [] as TestSocket[] } as {
    shared: SharedServers;
    urls: string[];
    sockets: TestSocket[];
  };
  beforeAll(async () => {
    state.shared = await startSharedServers(count);
    state.urls = state.shared.servers.map((server) => server.url);
  }, 120_000);
  afterAll(async () => {
    for (const socket of state.sockets) socket.close();
    await state.shared?.close();
  });
  return state;
}
