#!/usr/bin/env node
// `npm start`: builds the panel and the server when either is missing or older than its sources, then
// runs the compiled server with plain node (panel and API on http://localhost:3000, data in ./data).
// Plain Node, so it works before anything else is set up. Reads the root `.env` first. With
// NODE_ENV=production it builds nothing: it runs what `npm run build` compiled, or says what is
// missing and stops (decisions 027, 057).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  compiledEntry,
  ensureServerBuilt,
  entryArgs,
  isProduction,
  loadDotEnv,
  stalenessOf,
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

if (isProduction()) {
  // the panel the server will serve: WEB_DIST_DIR when set, as in apps/server/src/lib/env.ts
  const panelDir = process.env.WEB_DIST_DIR
    ? path.resolve(root, process.env.WEB_DIST_DIR)
    : path.dirname(builtIndex);
  requireBuilt([compiledEntry('main'), path.join(panelDir, 'index.html')]);
}

const panelStaleness = isProduction() ? 'current' : stalenessOf(builtIndex, sources);
if (panelStaleness !== 'current') {
  console.log(
    panelStaleness === 'stale'
      ? 'El panel cambió: compilando…'
      : 'Compilando el panel (solo la primera vez)…',
  );
  // always the production build: Vite takes NODE_ENV from the shell, and the server's (test for the
  // journeys, development for the demo) would build React's slower development version
  const build = spawnSync('npm', ['run', 'build', '-w', '@escudo/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

ensureServerBuilt('main');
runNode(entryArgs('main'));
