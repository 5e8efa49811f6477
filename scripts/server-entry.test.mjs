// What the npm scripts run (scripts/server-entry.mjs, scripts/start.mjs): the root .env, and in
// production the compiled bundles with plain node or a clear refusal (decision 027). Each test copies
// the scripts into a folder of its own, laid out like the repository, and runs them as child processes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const scriptsDir = import.meta.dirname;
const folders = [];

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** a repository in miniature: the two scripts, a .env, and the given files */
function fakeRepo({ dotEnv = '', files = {} } = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'escudo-scripts-'));
  folders.push(root);
  fs.mkdirSync(path.join(root, 'scripts'));
  for (const name of ['start.mjs', 'server-entry.mjs']) {
    fs.copyFileSync(path.join(scriptsDir, name), path.join(root, 'scripts', name));
  }
  if (dotEnv) fs.writeFileSync(path.join(root, '.env'), dotEnv);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** runs a script of the fake repository with only the given environment (and PATH) */
function run(root, args, env = {}) {
  return spawnSync(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
}

/** a stand-in for a compiled entry: prints how node ran it, exits with the code it is given */
const reportingEntry = `console.log(JSON.stringify({ execArgv: process.execArgv, args: process.argv.slice(2),
  nodeOptions: process.env.NODE_OPTIONS ?? '', fromFile: process.env.ESCUDO_FROM_FILE ?? null }));
process.exitCode = Number(process.env.EXIT_WITH ?? 0);`;

describe('the root .env', () => {
  it('is read into the environment, and a variable set in the shell wins', () => {
    const root = fakeRepo({ dotEnv: 'ESCUDO_A=from-file\nESCUDO_B=from-file\nESCUDO_C=\n' });
    const entry = pathToFileURL(path.join(root, 'scripts/server-entry.mjs')).href;
    const probe = run(
      root,
      [
        '--input-type=module',
        '-e',
        `const { loadDotEnv } = await import(${JSON.stringify(entry)}); loadDotEnv();
         console.log(JSON.stringify([process.env.ESCUDO_A, process.env.ESCUDO_B, process.env.ESCUDO_C]));`,
      ],
      { ESCUDO_B: 'from-shell' },
    );
    expect(probe.status, probe.stderr).toBe(0);
    // an empty value reaches env.ts, which reads it as missing
    expect(JSON.parse(probe.stdout)).toEqual(['from-file', 'from-shell', '']);
  });
});

/**
 * a stand-in for apps/server/build.mjs: writes every bundle as reportingEntry and counts its runs in
 * apps/server/builds.log; with FAIL_BUILD it fails as esbuild would, writing nothing
 */
const standInBuild = `import fs from 'node:fs';
import path from 'node:path';
if (process.env.FAIL_BUILD) { console.error('build failed'); process.exit(4); }
fs.appendFileSync(path.join(import.meta.dirname, 'builds.log'), 'built\\n');
fs.mkdirSync(path.join(import.meta.dirname, 'dist'), { recursive: true });
for (const name of ['main', 'admin-cli', 'migrate'])
  fs.writeFileSync(path.join(import.meta.dirname, 'dist', name + '.js'), ${JSON.stringify(reportingEntry)});`;

/** how many times the stand-in build ran */
const buildsIn = (root) =>
  fs.existsSync(path.join(root, 'apps/server/builds.log'))
    ? fs.readFileSync(path.join(root, 'apps/server/builds.log'), 'utf8').trim().split('\n').length
    : 0;

/** the JSON line reportingEntry printed, after whatever the build printed before it */
const reported = (stdout) => JSON.parse(stdout.trim().split('\n').at(-1));

describe('outside production', () => {
  /** a repository with the server's sources and a built panel, the server not built yet */
  const sourcesOnly = () =>
    fakeRepo({
      files: {
        'apps/server/build.mjs': standInBuild,
        'apps/server/src/main.ts': '// the server',
        'packages/contract/src/index.ts': '// the contract',
        'apps/web/dist/index.html': '<!doctype html>',
      },
    });

  it('npm start builds the server once, runs the bundle with plain node, and builds again after a change', () => {
    const root = sourcesOnly();
    const first = run(root, ['scripts/start.mjs']);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('Compilando el servidor…');
    expect(reported(first.stdout)).toEqual({
      execArgv: ['--enable-source-maps'],
      args: [],
      nodeOptions: '',
      fromFile: null,
    });
    expect(buildsIn(root)).toBe(1);

    const again = run(root, ['scripts/start.mjs']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).not.toContain('compilando');
    expect(buildsIn(root)).toBe(1);

    // a source newer than the bundle, as after an edit or a pull
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'apps/server/src/main.ts'), later, later);
    const changed = run(root, ['scripts/start.mjs']);
    expect(changed.status, changed.stderr).toBe(0);
    expect(changed.stdout).toContain('El servidor cambió: compilando…');
    expect(buildsIn(root)).toBe(2);
    // three starts one after the other, each a node process: seconds each on a loaded machine
  }, 30_000);

  it('npm run admin builds a missing bundle first; a failed build stops before anything runs', () => {
    const root = sourcesOnly();
    const failed = run(root, ['scripts/server-entry.mjs', 'admin-cli', 'operator', 'list'], {
      FAIL_BUILD: '1',
    });
    expect(failed.status).toBe(4);
    expect(failed.stderr).toContain('build failed');
    expect(failed.stdout).not.toContain('execArgv');

    const admin = run(root, ['scripts/server-entry.mjs', 'admin-cli', 'operator', 'list'], {
      EXIT_WITH: '3',
    });
    expect(admin.status).toBe(3);
    expect(reported(admin.stdout)).toMatchObject({
      execArgv: ['--enable-source-maps'],
      args: ['operator', 'list'],
    });
    expect(buildsIn(root)).toBe(1);
  });
});

describe('in production (NODE_ENV=production)', () => {
  it('npm start without `npm run build` says what is missing and stops, building nothing', () => {
    const root = fakeRepo({ dotEnv: 'NODE_ENV=production\n' });
    const start = run(root, ['scripts/start.mjs']);
    expect(start.status).toBe(1);
    expect(start.stderr).toContain(path.join('apps', 'server', 'dist', 'main.js'));
    expect(start.stderr).toContain(path.join('apps', 'web', 'dist', 'index.html'));
    expect(start.stderr).toContain('Ejecuta `npm run build`');
    expect(fs.existsSync(path.join(root, 'apps'))).toBe(false);
  });

  it('npm start runs the compiled server with plain node: no tsx in its arguments or NODE_OPTIONS', () => {
    const root = fakeRepo({
      dotEnv: 'NODE_ENV=production\nESCUDO_FROM_FILE=yes\n',
      files: { 'apps/server/dist/main.js': reportingEntry, 'apps/web/dist/index.html': '<!doctype html>' },
    });
    const start = run(root, ['scripts/start.mjs']);
    expect(start.status, start.stderr).toBe(0);
    expect(JSON.parse(start.stdout)).toEqual({
      execArgv: ['--enable-source-maps'],
      args: [],
      nodeOptions: '',
      fromFile: 'yes',
    });
  });

  it('npm run admin and npm run migrate run their bundles with the arguments given, and exit as they do', () => {
    const root = fakeRepo({
      files: { 'apps/server/dist/admin-cli.js': reportingEntry },
    });
    const admin = run(root, ['scripts/server-entry.mjs', 'admin-cli', 'operator', 'list'], {
      NODE_ENV: 'production',
      EXIT_WITH: '3',
    });
    expect(admin.status).toBe(3);
    expect(JSON.parse(admin.stdout)).toMatchObject({
      execArgv: ['--enable-source-maps'],
      args: ['operator', 'list'],
    });

    const migrate = run(root, ['scripts/server-entry.mjs', 'migrate'], { NODE_ENV: 'production' });
    expect(migrate.status).toBe(1);
    expect(migrate.stderr).toContain(path.join('apps', 'server', 'dist', 'migrate.js'));
    expect(migrate.stderr).toContain('Ejecuta `npm run build`');
  });
});
