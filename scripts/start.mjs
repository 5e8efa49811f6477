#!/usr/bin/env node
// `npm start`: builds the panel when it is missing or older than its sources, then runs the server
// (panel and API on http://localhost:3000, data in ./data). Plain Node, so it works before anything
// else is set up. Reads the root `.env` first. With NODE_ENV=production it builds nothing: it runs the
// compiled server (`npm run build`) with plain node, or says what is missing and stops (decision 027).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  compiledEntry,
  entryArgs,
  isProduction,
  loadDotEnv,
  requireBuilt,
  root,
  runNode,
} from './server-entry.mjs';

loadDotEnv();
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(full)
    .reduce((newest, child) => Math.max(newest, newestChange(path.join(entry, child))), stat.mtimeMs);
}

if (isProduction()) {
  // the panel the server will serve: WEB_DIST_DIR when set, as in apps/server/src/lib/env.ts
  const panelDir = process.env.WEB_DIST_DIR
    ? path.resolve(root, process.env.WEB_DIST_DIR)
    : path.dirname(builtIndex);
  requireBuilt([compiledEntry('main'), path.join(panelDir, 'index.html')]);
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
if (!isProduction() && builtAt < Math.max(...sources.map(newestChange))) {
  console.log(builtAt ? 'El panel cambió: compilando…' : 'Compilando el panel (solo la primera vez)…');
  // always the production build: Vite takes NODE_ENV from the shell, and the server's (test for the
  // journeys, development for the demo) would build React's slower development version
  const build = spawnSync('npm', ['run', 'build', '-w', '@escudo/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

runNode(entryArgs('main'));
