/**
 * Which files each page of the panel needs before it can render, written at build time to
 * `dist/.vite/route-preloads.json` for the server, which lists them as `<link rel="modulepreload">`
 * in the index.html it sends for that path (apps/server/src/features/web/web-app.ts). Without them the browser
 * learns of a page's chunks only once the entry script has downloaded and run, then of their imports
 * once those have arrived: a chain of round trips before the page shows (docs/decisions/017).
 *
 * The table below mirrors the router's lazy routes (src/app/router.tsx): a path, or a path prefix
 * ending in `/*`, and the modules its `lazy` loads. Every lazily loaded page but Register and Home
 * renders inside MUI's theme, fetched with it, but Register, Home, Planes, Tracking and Información
 * (plain markup). What the entry chunk loads already (Login) is left out.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

const MUI_THEME = 'src/components/mui-theme.tsx';
const SIGNED_IN_LAYOUT = 'src/app/layout/signed-in-layout.tsx';

export const ROUTE_MODULES: Record<string, string[]> = {
  // Login is the entry chunk: nothing of its own to preload, only what comes next (ROUTE_PREFETCH)
  '/login': [],
  // plain HTML like Login: no theme (docs/decisions/017)
  '/register': ['src/features/auth/pages/register-page.tsx'],
  '/resetpass/*': [MUI_THEME, 'src/features/auth/pages/reset-password-page.tsx'],
  '/cookie': [MUI_THEME, 'src/features/cookie/pages/cookie-page.tsx'],
  '/alerta/*': [MUI_THEME, 'src/features/alerts/pages/open-alert-page.tsx'],
  '/evidencia/*': [MUI_THEME, 'src/features/atenciones/pages/evidence-page.tsx'],
  '/store-redirect': [MUI_THEME, 'src/features/store/pages/store-redirect-page.tsx'],
  // `/` is Home for a signed-in person, who is who opens it; without a session it shows Login,
  // which is in the entry chunk anyway. Home and the layout are plain markup: no theme (decision 017)
  '/': [SIGNED_IN_LAYOUT, 'src/app/home-route.tsx'],
  '/atenciones': [MUI_THEME, SIGNED_IN_LAYOUT, 'src/features/atenciones/pages/atenciones-page.tsx'],
  // plain markup like Home (decision 017's addenda): MUI only for a dialog, a notice or a failure
  '/device-info': [SIGNED_IN_LAYOUT, 'src/features/information/pages/information-page.tsx'],
  '/planes': [SIGNED_IN_LAYOUT, 'src/features/planes/pages/planes-page.tsx'],
  '/tracking': [SIGNED_IN_LAYOUT, 'src/features/tracking/pages/tracking-page.tsx'],
  '/sales': [MUI_THEME, SIGNED_IN_LAYOUT, 'src/features/sales/pages/sales-page.tsx'],
  '/operador': [MUI_THEME, SIGNED_IN_LAYOUT, 'src/features/operator/pages/operator-page.tsx'],
};

/**
 * What a route's page will likely need next without needing it to show: named in its index.html by
 * the server, fetched into the cache once the page has loaded (src/lib/prefetch-next.ts), neither
 * run nor waited for (decision 017).
 * - Home is plain markup, but its tiles open MUI dialogs: after a theft the lock or wipe dialog should
 *   not wait for MUI on a slow network.
 * - Login leads to Home, and most people who open it sign in: Home and MUI come while they type, so
 *   neither Home nor the first dialog waits for the network after the sign-in (the sign-in moves to
 *   Home without a new index.html, so Home's own prefetch would not come then).
 */
export const ROUTE_PREFETCH: Record<string, string[]> = {
  '/': [MUI_THEME],
  // Planes' return from Flow opens MUI's payment dialog, Tracking's switch answers in MUI's snackbar,
  // Información's photos open in MUI's dialog: fetched, not run, so that MUI's evaluation (a long
  // task on a slow phone) comes with the first tap that needs it, not while the page is loading
  '/device-info': [MUI_THEME, 'src/features/information/components/photo-viewer-dialog.tsx'],
  '/planes': [MUI_THEME],
  '/tracking': [MUI_THEME, 'src/features/tracking/components/tracking-notice.tsx'],
  '/login': [SIGNED_IN_LAYOUT, 'src/app/home-route.tsx', MUI_THEME],
};

/** dist/.vite/route-preloads.json: URL paths of the files to preload, and to prefetch, by route */
export interface RoutePreloads {
  [route: string]: { scripts: string[]; styles: string[]; prefetch: string[] };
}

export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

export function routePreloads(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'escudo:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    // after Vite's own generateBundle, which drops the chunks that only imported a stylesheet (a
    // stylesheet imported alone by two lazy chunks becomes one): a file named here must exist
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // a chunk and everything it imports statically, recursively (what was dropped is not preloaded)
        const closure = (fileName: string, into: Set<string>) => {
          if (into.has(fileName) || !byFile.has(fileName)) return;
          into.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
        };
        const entryFiles = new Set<string>();
        for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, entryFiles);

        // the chunks `modules` need, with what they import, but for the entry's (loaded already)
        const chunksOf = (route: string, modules: string[]) => {
          const files = new Set<string>();
          for (const module of modules) {
            const id = path.resolve(root, module);
            const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
            if (!chunk) this.error(`${module} (route ${route}) is in no chunk: update ROUTE_MODULES`);
            closure(chunk.fileName, files);
          }
          return [...files].filter((file) => !entryFiles.has(file));
        };

        const preloads: RoutePreloads = {};
        for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
          const own = chunksOf(route, modules);
          const next = chunksOf(route, ROUTE_PREFETCH[route] ?? []).filter((file) => !own.includes(file));
          preloads[route] = {
            scripts: own.map((file) => `${base}${file}`),
            styles: own.flatMap((file) =>
              [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])].map((css) => `${base}${css}`),
            ),
            prefetch: next.map((file) => `${base}${file}`),
          };
        }
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_PRELOADS_FILE,
          source: `${JSON.stringify(preloads, null, 2)}\n`,
        });
      },
    },
  };
}
