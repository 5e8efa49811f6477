// How the npm scripts run a server entry point (`npm start`, `npm run admin`, `npm run migrate`,
// `npm run dev`): the root `.env` first, then the compiled JavaScript in apps/server/dist with plain
// node, in every mode (decisions 027, 057). Outside production a missing or stale bundle is built
// first, as the panel is; in production nothing is built. Only `npm run dev` runs the TypeScript
// sources (tsx watch). Plain Node, so it works before anything else is set up.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** the entry points, each bundled into dist/<name>.js by apps/server/build.mjs */
const entries = ['main', 'admin-cli', 'migrate'];

/** what the server's bundles are built from: our contract is bundled, npm packages are not */
const serverSources = ['apps/server/src', 'apps/server/build.mjs', 'packages/contract/src'];

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

/** the node arguments that run an entry point: its bundle, with stack traces naming the .ts files */
export function entryArgs(name, folder = root) {
  return ['--enable-source-maps', compiledEntry(name, folder)];
}

/** the newest modification time of a file or of anything in a folder (0 when it does not exist) */
function newestChange(entry, folder = root) {
  const full = path.join(folder, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(full)
    .reduce((newest, child) => Math.max(newest, newestChange(path.join(entry, child), folder)), stat.mtimeMs);
}

/** whether a built file is missing, older than any of its sources, or current */
export function stalenessOf(builtFile, sources, folder = root) {
  if (!fs.existsSync(builtFile)) return 'missing';
  const builtAt = fs.statSync(builtFile).mtimeMs;
  return builtAt >= Math.max(...sources.map((source) => newestChange(source, folder))) ? 'current' : 'stale';
}

/**
 * The bundle of an entry point, ready to run. In production it must have been built (`npm run build`):
 * a missing one stops with what to run. Otherwise every bundle is built again when one is missing or
 * older than the server's sources (esbuild takes a second or two).
 */
export function ensureServerBuilt(name, folder = root) {
  const bundle = compiledEntry(name, folder);
  if (isProduction()) return requireBuilt([bundle]);
  const staleness = stalenessOf(bundle, serverSources, folder);
  if (staleness === 'current') return;
  console.log(staleness === 'stale' ? 'El servidor cambió: compilando…' : 'Compilando el servidor…');
  const build = spawnSync(process.execPath, [path.join(folder, 'apps/server/build.mjs')], {
    cwd: folder,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
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
  if (!entries.includes(name)) {
    console.error(`Uso: node scripts/server-entry.mjs <${entries.join('|')}> [argumentos]`);
    process.exit(2);
  }
  loadDotEnv();
  ensureServerBuilt(name);
  runNode([...entryArgs(name), ...args]);
}
