#!/usr/bin/env node
// `npm test`: every check, in the order that fails fastest. CI runs exactly this (.ci/run).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const startedAt = Date.now();
/** each step's time, printed at the end: where a slow run spends it is the first thing to look at */
const timings = [];

/** Runs one step under its title, timed; a step that fails ends the run with its exit status. */
function step(title, work) {
  console.log(`\n▶ ${title}`);
  const stepStartedAt = Date.now();
  const status = work();
  timings.push([title, Date.now() - stepStartedAt]);
  if (status !== 0) {
    console.error(`\n✗ ${title} failed`);
    printTimings();
    process.exit(status ?? 1);
  }
}

function run(title, command, args, options = {}) {
  step(title, () => spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options }).status);
}

/**
 * Runs checks that need nothing of each other at once: the type check and the linters each keep one
 * core busy, and on this 2-core machine they took 66 s one after the other, 34 s side by side. Each
 * one's output is printed whole, in order, once all have ended; a failure ends the run as `step` does.
 */
async function runTogether(checks) {
  console.log(`\n▶ ${checks.map((check) => check.title).join(', ')} (side by side)`);
  const results = await Promise.all(
    checks.map(
      ({ title, command, args }) =>
        new Promise((resolve) => {
          const checkStartedAt = Date.now();
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          const end = (status) => resolve({ title, status, output, ms: Date.now() - checkStartedAt });
          child.on('error', (error) => {
            output += String(error);
            end(1);
          });
          child.on('close', end);
        }),
    ),
  );
  for (const result of results) {
    console.log(`\n▶ ${result.title}`);
    process.stdout.write(result.output);
    timings.push([`${result.title} (side by side)`, result.ms]);
  }
  const failed = results.find((result) => result.status !== 0);
  if (failed) {
    console.error(`\n✗ ${failed.title} failed`);
    printTimings();
    process.exit(failed.status ?? 1);
  }
}

function printTimings() {
  console.log('\nTime per step:');
  for (const [title, ms] of timings) console.log(`  ${(ms / 1000).toFixed(0).padStart(5)} s  ${title}`);
  console.log(`  ${((Date.now() - startedAt) / 1000).toFixed(0).padStart(5)} s  in all`);
}

/** the committed migrations must be what the schema generates (docs/style.md #13); 0 when they are */
function checkMigrations() {
  const serverDir = path.join(root, 'apps/server');
  // drizzle-kit mangles an absolute --out path (it prefixes "./"): use a folder inside apps/server
  const outName = `.migrations-check-${process.pid}`;
  const out = path.join(serverDir, outName);
  const sqlFiles = (dir) =>
    fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.sql'))
      .sort();
  fs.cpSync(path.join(serverDir, 'drizzle'), out, { recursive: true });
  try {
    const result = spawnSync(
      'npx',
      [
        'drizzle-kit',
        'generate',
        '--dialect',
        'postgresql',
        '--schema',
        // every feature's tables, as in drizzle.config.ts
        './src/**/*.schema.ts',
        '--out',
        `./${outName}`,
      ],
      { cwd: serverDir, encoding: 'utf8' },
    );
    const committed = sqlFiles(path.join(serverDir, 'drizzle'));
    const generated = sqlFiles(out);
    // a run that could not read the folder must not pass: it has to say there is nothing to generate
    const upToDate = /No schema changes/i.test(`${result.stdout}${result.stderr}`);
    if (result.status !== 0 || !upToDate || generated.join() !== committed.join()) {
      console.error(result.stdout, result.stderr);
      console.error(
        '✗ a table in apps/server/src/**/*.schema.ts changed without a migration: run `npm run db:generate` and commit it.',
      );
      return 1;
    }
    return 0;
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

await runTogether([
  { title: 'typecheck', command: 'npx', args: ['tsc', '-b'] },
  { title: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  { title: 'format', command: 'npx', args: ['prettier', '--check', '.', '--log-level', 'warn'] },
]);
run('runtime dependencies carry OSI-approved licences', 'node', ['scripts/check-licences.mjs']);
step('migrations are up to date', checkMigrations);
// With NODE24_BIN (CI), the server's API tests on PGlite run on Node 24 further down, and those on
// PostgreSQL here on this Node (20): every API test runs on both Node versions' sides once, instead of
// the PGlite pass twice, which cost CI about three minutes (decision 027)
const node24 = process.env.NODE24_BIN;
const projectsHere = node24
  ? [
      'contract',
      'scripts',
      'web',
      'web-dom',
      'phone',
      ...(process.env.DATABASE_URL ? ['server-postgres'] : []),
    ]
  : [];
run('unit and API tests', 'npx', ['vitest', 'run', ...projectsHere.flatMap((name) => ['--project', name])]);
// the production build whatever the shell's NODE_ENV (scripts/start.mjs says why)
run('build the panel', 'npm', ['run', 'build', '-w', '@escudo/web'], {
  env: { ...process.env, NODE_ENV: 'production' },
});
run('first-load JavaScript within its budgets', 'node', ['scripts/check-bundle-budgets.mjs']);
// the next Node.js the server will run on (decision 027): the server's API tests on PGlite, among them
// the compiled server started with plain node, on Node 24. `.ci/run` installs it and sets NODE24_BIN;
// without it they ran above, on this Node. After the panel's build, so that the compiled server's test
// also finds the panel it serves.
if (node24) {
  run(`server API tests on PGlite, on Node 24 (${node24})`, node24, [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--project',
    'server-pglite',
  ]);
} else {
  console.log('\n▶ server API tests on Node 24: skipped (NODE24_BIN is not set; .ci/run sets it)');
}
run('end-to-end journeys in Chromium', 'npm', ['test', '-w', '@escudo/e2e']);
printTimings();
console.log('\n✓ all checks passed');
