import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import type { ChunkingContext } from 'rolldown';
import react from '@vitejs/plugin-react';
import { compileHints } from './vite-plugins/compile-hints.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { routePreloads } from './vite-plugins/route-preloads.ts';

// The panel calls the API same-origin (`/api/...`); in development Vite forwards those calls, and the
// realtime socket, to the server on port 3000, which in production serves the built panel itself.
const serverUrl = 'http://localhost:3000';

/**
 * what the signed-in layout and Home import statically, recursively: one chunk. Both are plain markup since
 * decision 017's addendum "Home without MUI"; MUI is left to the pages and dialogs that use it.
 */
const SIGNED_IN_ROOTS = ['src/app/layout/signed-in-layout.tsx', 'src/app/home-route.tsx'];
/** but not what Register, plain HTML, imports too: it must not wait for that chunk (decision 017) */
const PLAIN_ROOTS = ['src/features/auth/pages/register-page.tsx'];
/**
 * MUI's theme and the pieces nearly every MUI page and dialog draws (a button, text, an icon, the
 * error state's box): one chunk, fetched with the first of them. The rest of MUI goes with its users.
 */
const MUI_ROOTS = ['src/components/mui-theme.tsx', 'src/components/error-state.tsx'];

const ZOD_AND_ITS_SETTINGS = /node_modules[\\/]zod[\\/]|packages[\\/]contract[\\/]src[\\/]zod-config\.ts$/;

/**
 * React Router's production build. Its package's exports point every condition at `dist/development`
 * (its warnings and their checks included) and leave `dist/production` beside it unused, so the build
 * names that file itself; development keeps the warnings.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

let groups: { signedIn: Set<string>; mui: Set<string> } | null = null;
function groupOf(moduleId: string, ctx: ChunkingContext): string | null {
  if (!groups) {
    const reach = (roots: string[]) => {
      const found = new Set<string>();
      const visit = (id: string) => {
        if (found.has(id)) return;
        found.add(id);
        for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      for (const root of roots) visit(path.resolve(import.meta.dirname, root));
      return found;
    };
    const plain = reach(PLAIN_ROOTS);
    const signedIn = new Set([...reach(SIGNED_IN_ROOTS)].filter((id) => !plain.has(id)));
    const mui = new Set([...reach(MUI_ROOTS)].filter((id) => !plain.has(id) && !signedIn.has(id)));
    groups = { signedIn, mui };
  }
  if (groups.signedIn.has(moduleId)) return 'signed-in';
  return groups.mui.has(moduleId) ? 'mui' : null;
}

export default defineConfig(({ command }) => ({
  // the entry (Login) and the signed-in layout with Home: what a first load runs nearly all of
  plugins: [react(), routePreloads(), compileHints(['index', 'signed-in']), precompress()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    proxy: {
      '/api': { target: serverUrl, changeOrigin: true },
      '/socket.io': { target: serverUrl, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // a group takes the modules its rule names, not what they import as well (Register shares a
          // few of the signed-in chunk's modules and must not load that chunk for them)
          includeDependenciesRecursively: false,
          // Everything the entry imports statically (Login's first load) in one chunk. Left alone,
          // rolldown cut it into a chunk per set of lazy pages sharing a module: 11 files and 185.8 KB
          // gzipped for Login, against 2 files and 180.2 KB this way (measured as bench/RESULTS.md says).
          groups: [
            { name: 'index', tags: ['$initial'], priority: 2 },
            // What Home needs at once beyond the entry in one chunk, and MUI's core in another:
            // left alone, rolldown cut them into some forty files of 1–3 KB, and a phone on a slow
            // network waits a round trip for each batch of six (decision 017).
            { name: groupOf, priority: 1 },
            // zod with the contract's settings for it (packages/contract/src/zod-config.ts): they must
            // run before any schema is made, and a chunk runs whole before the chunks that import it.
            // Left alone, the settings went to whichever page's chunk imported the contract first.
            { name: 'zod', test: ZOD_AND_ITS_SETTINGS, priority: 1 },
          ],
        },
      },
    },
    // that one chunk is ~375 KB minified, ~101 KB brotli (Login's first load, without MUI since
    // decision 016): scripts/check-bundle-budgets.mjs holds it to its budget
    chunkSizeWarningLimit: 400,
    // what scripts/check-bundle-budgets.mjs reads to know which chunks each page loads first
    manifest: true,
  },
}));
