// How the npm scripts run a server entry point (`npm start`, `npm run admin`, `npm run migrate`,
// `npm run dev`): the root `.env` first, then either the compiled JavaScript in apps/server/dist with
// plain node when NODE_ENV is production (decision 027), or the TypeScript sources through tsx.
// Plain Node, so it works before anything else is set up.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** each entry point: its source, and its bundle in dist (apps/server/build.mjs) */
const entries = {
  main: 'apps/server/src/main.ts',
  'admin-cli': 'apps/server/src/app/admin/admin-cli.ts',
  migrate: 'apps/server/src/app/admin/migrate.ts',
};

/**
 * Reads `<folder>/.env` into process.env when there is one. A variable already set in the shell wins
 * (process.loadEnvFile never overwrites one); an empty one in the file reaches env.ts, which reads it
 * as missing. Only the entry points' own parsing (apps/server/src/lib/env.ts) decides what is valid.
 */
export function loadDotEnv(folder = root) {
  const file = path.join(folder, '.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

export function isProduction() {
  return process.env.NODE_ENV === 'production';
}

/** the compiled bundle of an entry point */
export function compiledEntry(name, folder = root) {
  return path.join(folder, 'apps/server/dist', `${name}.js`);
}

/** the node arguments that run an entry point: its bundle in production, its source otherwise */
export function entryArgs(name, folder = root) {
  return isProduction()
    ? ['--enable-source-maps', compiledEntry(name, folder)]
    : ['--import', 'tsx', path.join(folder, entries[name])];
}

/** stops with the message to run `npm run build` when a production file is missing */
export function requireBuilt(files) {
  const missing = files.filter((file) => !fs.existsSync(file));
  if (missing.length === 0) return;
  console.error(
    [
      'Falta la compilación de producción (NODE_ENV=production no compila nada al iniciar):',
      ...missing.map((file) => `  ${path.relative(process.cwd(), file)}`),
      'Ejecuta `npm run build` y vuelve a intentarlo.',
    ].join('\n'),
  );
  process.exit(1);
}

/** runs node with these arguments in the repository, passing signals on, and exits as it does */
export function runNode(args) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

// `node scripts/server-entry.mjs <entry> [args…]`: `npm run admin` and `npm run migrate`
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [name, ...args] = process.argv.slice(2);
  if (!(name in entries)) {
    console.error(`Uso: node scripts/server-entry.mjs <${Object.keys(entries).join('|')}> [argumentos]`);
    process.exit(2);
  }
  loadDotEnv();
  if (isProduction()) requireBuilt([compiledEntry(name)]);
  runNode([...entryArgs(name), ...args]);
}
