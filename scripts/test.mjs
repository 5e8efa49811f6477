#!/usr/bin/env node
// `npm test`: every check, in the order that fails fastest. CI runs exactly this (.ci/run).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(title, command, args, options = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

/** the committed migrations must be what the schema generates (STYLE.md #13) */
function checkMigrations() {
  console.log('\n▶ migrations are up to date');
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'escudo-migrations-'));
  fs.cpSync(path.join(root, 'apps/server/drizzle'), out, { recursive: true });
  const result = spawnSync(
    'npx',
    [
      'drizzle-kit',
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './src/lib/db/schema.ts',
      '--out',
      out,
    ],
    { cwd: path.join(root, 'apps/server'), encoding: 'utf8' },
  );
  const before = fs.readdirSync(path.join(root, 'apps/server/drizzle')).length;
  const after = fs.readdirSync(out).length;
  fs.rmSync(out, { recursive: true, force: true });
  if (result.status !== 0 || after !== before) {
    console.error(result.stdout, result.stderr);
    console.error(
      '✗ apps/server/src/lib/db/schema.ts changed without a migration: run `npm run db:generate` and commit it.',
    );
    process.exit(1);
  }
}

run('typecheck', 'npx', ['tsc', '-b']);
run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
run('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
checkMigrations();
run('unit and API tests', 'npx', ['vitest', 'run']);
run('build the panel', 'npm', ['run', 'build', '-w', '@escudo/web']);
run('end-to-end journeys in Chromium', 'npm', ['test', '-w', '@escudo/e2e']);
console.log('\n✓ all checks passed');
