/**
 * A real server for API tests (docs/style.md #8): real SQL on PGlite in memory, or on a fresh database of
 * the machine's PostgreSQL when the test project says so. Nothing of ours is mocked; only the clock
 * can be moved, so that expiry and rate-limit windows are tested without waiting.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp, type App } from '../src/app/app.ts';
import { parseEnv } from '../src/lib/env.ts';
import { openDatabase } from '../src/lib/db/client.ts';
import { startTestBucket, type TestBucket } from './s3-server.ts';

/** where a test server keeps uploaded files: the folder DATA_DIR/files, or a bucket of s3rver */
export type TestStorage = 'disk' | 'bucket';
export const TEST_STORAGES: readonly TestStorage[] = ['disk', 'bucket'];

export interface TestApp extends App {
  dataDir: string;
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
  /** the s3rver bucket its files go to (options.storage 'bucket'), or null for the folder */
  bucket: TestBucket | null;
  /**
   * what the storage holds under a key prefix, whichever it is: file names (partial ones included)
   * in the folder, object keys and open multipart uploads in the bucket; sorted
   */
  storedFiles(prefix: string): Promise<string[]>;
  /** a stored file's bytes, or null */
  readStored(key: string): Promise<Buffer | null>;
  /** stops the server and starts a new one on the same database and files, as after a restart */
  restart(): Promise<void>;
  /**
   * POST a JSON body (or a raw string) to an API path, optionally with a bearer token, from
   * `from` (the source address the server sees; 127.0.0.1 unless said)
   */
  post(url: string, body?: unknown, token?: string, from?: string): Promise<LightMyRequestResponse>;
}

/**
 * A fresh database on the machine's PostgreSQL: a copy of the run's migrated template
 * (test/global-setup.ts), or an empty one when `empty` says so (the migrations' own test).
 */
export async function createPostgresDatabase({ empty = false }: { empty?: boolean } = {}) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('ESCUDO_TEST_DB=postgres needs DATABASE_URL');
  const name = `escudo_test_${randomBytes(6).toString('hex')}`;
  const template = empty ? undefined : inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

let pgliteTemplate: Promise<Blob | undefined> | undefined;

/** the run's migrated PGlite (test/global-setup.ts), read once per test file */
export function migratedPgliteDump(): Promise<Blob | undefined> {
  const file = inject('pgliteTemplate');
  pgliteTemplate ??= file ? fs.readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return pgliteTemplate;
}

/**
 * Fills a server's PGlite folder (DATA_DIR/db) with the run's migrated database, for the tests that
 * start a server process: it then opens that database instead of creating and migrating one (still
 * running its migrate step, which finds nothing to do).
 */
export async function seedPgliteFolder(dataDir: string): Promise<void> {
  const dump = await migratedPgliteDump();
  if (!dump) return;
  const client = await PGlite.create(path.join(dataDir, 'db'), { loadDataDir: dump });
  await client.close();
}

export async function createTestApp(
  extraEnv: Record<string, string> = {},
  /** adds routes of the test's own (e.g. one that throws) before the server is ready */
  setup?: (app: App['app']) => void,
  /** `logStream` receives the server's log lines (at LOG_LEVEL, silent unless extraEnv says) */
  options: { logStream?: DestinationStream; storage?: TestStorage } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'escudo-test-'));
  const bucket = options.storage === 'bucket' ? await startTestBucket() : null;
  const postgres = process.env.ESCUDO_TEST_DB === 'postgres' ? await createPostgresDatabase() : null;
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://escudo.test',
    WEB_DIST_DIR: path.join(dataDir, 'no-panel'),
    ...bucket?.env,
    ...extraEnv,
  });
  const database = await openDatabase(
    postgres
      ? { url: postgres.url, poolSize: 4, statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS }
      : { pgliteDir: 'memory://', pgliteLoadDataDir: await migratedPgliteDump() },
  );
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const logging = options.logStream ? { logStream: options.logStream } : { logger: false };
  const built = await buildApp({ env, database, now: () => clock.now, ...logging });
  setup?.(built.app);
  await built.app.ready();
  const test: TestApp = {
    ...built,
    dataDir,
    clock,
    bucket,
    async storedFiles(prefix) {
      if (bucket) {
        const uploads = await bucket.openUploads();
        return [...(await bucket.keys(prefix)), ...Array.from({ length: uploads }, () => '(open upload)')];
      }
      const folder = path.join(dataDir, 'files', ...prefix.split('/'));
      const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(path.join(dataDir, 'files'), path.join(entry.parentPath, entry.name)))
        .map((name) => name.split(path.sep).join('/'))
        .sort();
    },
    async readStored(key) {
      if (bucket) return bucket.read(key);
      return fs.readFile(path.join(dataDir, 'files', ...key.split('/'))).catch(() => null);
    },
    post(url, body, token, from) {
      return test.app.inject({
        method: 'POST',
        url,
        ...(from ? { remoteAddress: from } : {}),
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: typeof body === 'string' ? body : JSON.stringify(body ?? {}),
      });
    },
    async restart() {
      await test.app.close();
      const next = await buildApp({ env, database, now: () => clock.now, ...logging });
      await next.app.ready();
      Object.assign(test, {
        app: next.app,
        ctx: next.ctx,
        realtime: next.realtime,
        shutdown: next.shutdown,
      });
    },
    async close() {
      await test.app.close();
      await database.close();
      await postgres?.drop();
      await bucket?.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return test;
}

/** A source address of its own (a private one, only ever a label here): per-address limits start afresh. */
export const randomAddress = () => `10.${[...randomBytes(3)].join('.')}`;

/**
 * Signs up a fresh account and returns its credentials and token. Each sign-up comes from an address
 * of its own, so that the per-address sign-up limit (SIGNUPS_PER_ADDRESS) does not decide which
 * test runs out first; the limit itself is tested in auth.limits.test.ts.
 */
export async function signUpUser(
  app: TestApp,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
) {
  const input = {
    name: 'Ana Pérez',
    email: `ana.${randomBytes(4).toString('hex')}@example.cl`,
    password: 'una-clave-segura',
    ...overrides,
  };
  const response = await app.post('/api/auth/signUpByCode', input, undefined, randomAddress());
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  return { ...input, token: (response.json() as { access_token: string }).access_token };
}
