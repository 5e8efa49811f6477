/**
 * `npm run admin` as an administrator runs it: the real CLI beside a real server process on the same
 * data folder (PGlite, or PostgreSQL in that project), then with the server stopped (decision 022);
 * on PostgreSQL, from a folder of its own beside two servers (decision 032).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, seedPgliteFolder } from '../../../test/test-app.ts';
import {
  repoRoot,
  startServerProcess,
  stopServer,
  type ServerProcess,
} from '../../../test/server-process.ts';
import { postJson } from '../../../test/http.ts';

const isPostgresRun = process.env.ESCUDO_TEST_DB === 'postgres';

let dataDir: string;
let database: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
let env: Record<string, string>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'escudo-admin-'));
  database = isPostgresRun ? await createPostgresDatabase() : null;
  // the run's migrated database, as with PostgreSQL: migrating from empty is migrations.test.ts's
  if (!isPostgresRun) await seedPgliteFolder(dataDir);
  env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-panel'),
    REDIS_URL: '',
    DATABASE_URL: database?.url ?? '',
  };
});
afterAll(async () => {
  for (const server of servers) server.process.kill('SIGKILL');
  await database?.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** a server that may refuse to start (`exited` says why); stopped after the file */
async function startServer(serverEnv = env) {
  const server = await startServerProcess(serverEnv);
  servers.push(server);
  return server;
}

/** `npm run admin -- …argv` with `cliEnv`: its exit code and what it wrote */
async function runCli(cliEnv: Record<string, string>, ...argv: string[]) {
  return promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/app/admin/admin-cli.ts', ...argv],
    { cwd: repoRoot, env: { ...process.env, ...cliEnv } },
  ).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

const runAdmin = (...argv: string[]) => runCli(env, ...argv);

/** the command line that creates an operator */
const createArgv = (email: string, name: string) => [
  'operator',
  'create',
  '--email',
  email,
  '--name',
  name,
  '--password',
  'clave-de-operadora',
];

const signIn = (url: string, email: string) =>
  postJson<{ code?: string }>(`${url}/api/auth/login`, { email, password: 'clave-de-operadora' });

describe(`npm run admin beside a running server (${isPostgresRun ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'runs inside the server while it runs, and on the database itself once it stopped',
    // a limit against a hang: two server starts and five CLI runs, on a machine at times much slower
    { timeout: 300_000 },
    async () => {
      const server = await startServer();
      const created = await runAdmin(...createArgv('op@escudo.cl', 'Paula Soto'));
      expect(created).toMatchObject({ code: 0 });
      expect(created.stdout).toMatch(/^Operador creado: op@escudo\.cl \(id \d+\)$/m);
      // the server itself sees the new operator at once
      expect((await signIn(server.url, 'op@escudo.cl')).status).toBe(200);

      if (!isPostgresRun) {
        // a second server on the same embedded database would corrupt it: it refuses to start
        const second = await startServer();
        expect(await second.exited).toContain('está usando');
        expect(second.process.exitCode).toBe(1);
      }
      const refused = await runAdmin(...createArgv('op@escudo.cl', 'Otra'));
      expect(refused).toMatchObject({ code: 1 });
      expect(refused.stderr).toContain('Ya existe una cuenta con ese e-mail.');

      await stopServer(server);
      const disabled = await runAdmin('operator', 'disable', '--email', 'op@escudo.cl');
      expect(disabled).toMatchObject({ code: 0 });
      const listed = await runAdmin('operator', 'list');
      expect(listed.stdout).toMatch(/\top@escudo\.cl\tPaula Soto\toperador\tdeshabilitado /);

      // what the CLI wrote on its own is there for the next server
      const restarted = await startServer();
      const response = await signIn(restarted.url, 'op@escudo.cl');
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: 'ACCOUNT_DISABLED' });
    },
  );
});

describe.skipIf(!isPostgresRun)('npm run admin on PostgreSQL, from a folder no server uses', () => {
  it(
    'opens the database itself, with no server and beside two, and both servers see the result',
    { timeout: 300_000 },
    async () => {
      const own = await createPostgresDatabase();
      const folders = await Promise.all(
        ['cli', 'a', 'b'].map((name) => fs.mkdtemp(path.join(os.tmpdir(), `escudo-admin-${name}-`))),
      );
      const [cliDir, dirA, dirB] = folders as [string, string, string];
      const shared = { NODE_ENV: 'test', LOG_LEVEL: 'warn', REDIS_URL: '', DATABASE_URL: own.url };
      const serverEnv = (dataDir: string) => ({
        ...shared,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-panel'),
      });
      const cli = (...argv: string[]) => runCli({ ...shared, DATA_DIR: cliDir }, ...argv);
      const create = (email: string) => cli(...createArgv(email, 'Paula Soto'));
      try {
        // no server at all: the CLI migrates and writes on its own
        expect(await create('antes@escudo.cl')).toMatchObject({ code: 0 });
        const a = await startServer(serverEnv(dirA));
        const b = await startServer(serverEnv(dirB));
        const created = await create('durante@escudo.cl');
        expect(created).toMatchObject({ code: 0 });
        expect(created.stdout).toMatch(/^Operador creado: durante@escudo\.cl \(id \d+\)$/m);
        for (const server of [a, b])
          for (const email of ['antes@escudo.cl', 'durante@escudo.cl'])
            expect((await signIn(server.url, email)).status).toBe(200);
        expect(await cli('operator', 'disable', '--email', 'durante@escudo.cl')).toMatchObject({ code: 0 });
        for (const server of [a, b])
          expect((await signIn(server.url, 'durante@escudo.cl')).body).toMatchObject({
            code: 'ACCOUNT_DISABLED',
          });
        // it went through no socket: it never even took its own folder's
        expect(await fs.readdir(cliDir)).not.toContain('admin.sock');
      } finally {
        await Promise.all(servers.splice(0).map(stopServer));
        await own.drop();
        for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
      }
    },
  );
});
