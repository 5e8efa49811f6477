#!/usr/bin/env node
// `npm run build`: what production runs (decision 027). The panel into apps/web/dist, always the
// production build whatever the shell's NODE_ENV (Vite takes NODE_ENV from it, and the server's test
// or development one would build React's slower development version), then the server, the admin
// command and the migrate step into apps/server/dist.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

for (const workspace of ['@escudo/web', '@escudo/server']) {
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
