// `npm run build -w @escudo/server`: the server, the admin command and the migrate step as plain
// JavaScript in dist/, which `node` runs without tsx (decision 027). One ESM bundle per entry point,
// with source maps (run it with --enable-source-maps, so stack traces name the .ts files). Every npm
// package stays external and is loaded from node_modules at run time: sharp and argon2 are native,
// PGlite loads its own WebAssembly files, and a bundle of them would gain nothing. Only our contract
// is bundled, since its package.json points at TypeScript sources that plain node cannot load.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';

const packageRoot = path.dirname(fileURLToPath(import.meta.url));

/** the entry points, by the name of their file in dist/ */
export const serverEntries = {
  main: 'src/main.ts',
  'admin-cli': 'src/app/admin/admin-cli.ts',
  migrate: 'src/app/admin/migrate.ts',
};

/** a bare import (`fastify`, `node:fs`) stays an import, except our own workspace packages */
const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@escudo/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** @param {{ outdir?: string }} [options] outdir: dist/ unless said (a test builds its own copy) */
export async function buildServer(options = {}) {
  const outdir = options.outdir ?? path.join(packageRoot, 'dist');
  await esbuild.build({
    absWorkingDir: packageRoot,
    entryPoints: Object.fromEntries(
      Object.entries(serverEntries).map(([name, file]) => [name, path.join(packageRoot, file)]),
    ),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // a dynamic import (the AWS SDK, loaded only with S3_BUCKET) becomes a chunk of its own, loaded when
    // needed; without splitting esbuild would inline it and hoist its packages' imports to the start
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    // the oldest Node the repository supports (package.json engines)
    target: 'node20.19',
    sourcemap: true,
    plugins: [keepPackagesExternal],
    logLevel: 'warning',
  });
  return outdir;
}

// `node build.mjs [--outdir <folder>]`
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
  const outdir = await buildServer({ outdir: values.outdir && path.resolve(values.outdir) });
  console.log(`Servidor compilado en ${path.relative(process.cwd(), outdir) || '.'}`);
}
