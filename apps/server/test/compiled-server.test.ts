/**
 * The compiled server (decision 027) runs with plain node, as production runs it: `npm run build`'s
 * bundles, no tsx anywhere, NODE_ENV=production. Built here into a folder of its own under dist/ (two
 * runs of the suite at once must not overwrite each other's files), with the same build as
 * `npm run build`. `npm test` runs it on Node 20 and, when NODE24_BIN is set, on Node 24.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot } from './server-process.ts';

// the bundle does not depend on the database; the PostgreSQL pass has nothing to add
const isPostgresRun = process.env.ESCUDO_TEST_DB === 'postgres';

const outdir = path.join(
  repoRoot,
  'apps/server/dist',
  `test-${process.pid}-${randomBytes(3).toString('hex')}`,
);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'escudo-compiled-'));
const panelIndex = path.join(repoRoot, 'apps/web/dist/index.html');

/** what production requires (apps/server/src/lib/env.ts), and nothing from the test runner */
function productionEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    NODE_OPTIONS: '',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    APP_SECRET: randomBytes(32).toString('hex'),
    FLOW_API_KEY: 'compiled-test-key',
    FLOW_SECRET_KEY: 'compiled-test-secret',
    // production refuses to start without them (decision 031); nothing here sends an e-mail
    PUBLIC_URL: 'https://escudo.example',
    SMTP_URL: 'smtp://127.0.0.1:9',
    ...extra,
  };
}

function runCompiled(entry: string, args: string[] = []) {
  return spawnSync(process.execPath, ['--enable-source-maps', path.join(outdir, `${entry}.js`), ...args], {
    cwd: repoRoot,
    env: productionEnv(),
    encoding: 'utf8',
  });
}

beforeAll(() => {
  if (isPostgresRun) return;
  const build = spawnSync(process.execPath, ['apps/server/build.mjs', '--outdir', outdir], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
});

afterAll(() => {
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(isPostgresRun)(`the compiled server on plain node ${process.version}`, () => {
  it('bundles each entry point with its source map, and nothing that needs tsx', () => {
    for (const entry of ['main', 'admin-cli', 'migrate']) {
      expect(fs.existsSync(path.join(outdir, `${entry}.js`))).toBe(true);
      expect(fs.existsSync(path.join(outdir, `${entry}.js.map`))).toBe(true);
    }
    // the entries and the chunks they share or load later (the bucket's, with the AWS SDK)
    const files = fs
      .readdirSync(outdir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.js'));
    expect(files.some((file) => file.startsWith('chunks'))).toBe(true);
    for (const file of files) {
      const code = fs.readFileSync(path.join(outdir, file), 'utf8');
      // the contract is bundled (its package points at .ts files); packages stay imports
      expect(code).not.toMatch(/from ["']@escudo\//);
      expect(code).not.toMatch(/\.ts["']/);
    }
    // a server without S3_BUCKET never loads the AWS SDK: only the bucket's chunk imports it
    expect(fs.readFileSync(path.join(outdir, 'main.js'), 'utf8')).not.toMatch(/@aws-sdk/);
  });

  // a start takes seconds on a quiet machine, more than a minute on a busy shared one
  it(
    'migrates, then serves the API and the panel, finding both from dist/, and keeps its database to itself',
    { timeout: 240_000 },
    async () => {
      const migrate = runCompiled('migrate');
      expect(migrate.status, migrate.stderr).toBe(0);
      expect(migrate.stdout).toContain('Migraciones aplicadas');

      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'main.js')], {
        cwd: repoRoot,
        env: productionEnv({ PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      try {
        let config: Response | null = null;
        // a bound on the wait, not a measure: the test's own timeout is the limit that matters
        const giveUpAt = Date.now() + 200_000;
        while (Date.now() < giveUpAt && child.exitCode === null && !config) {
          config = await fetch(`${url}/api/config`).catch(() => null);
          if (!config) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(config?.status, output).toBe(200);
        expect(await config!.json()).toHaveProperty('brand_name');

        // the panel from apps/web/dist when it is built (npm test builds it after the unit tests;
        // the Node 24 pass runs after that), or the page that says to build it
        const page = await fetch(`${url}/`);
        if (fs.existsSync(panelIndex)) {
          expect(page.status).toBe(200);
          expect(await page.text()).toContain('<div id="root"');
        } else {
          expect(page.status).toBe(503);
        }

        // the embedded database belongs to the running server: `npm run migrate` leaves it alone
        const second = runCompiled('migrate');
        expect(second.status).toBe(1);
        expect(second.stderr).toContain(`está usando ${dataDir}`);
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
    },
  );

  it('the admin command answers --help', { timeout: 60_000 }, () => {
    const help = runCompiled('admin-cli', ['--help']);
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain('Uso: npm run admin');
  });
});
