/**
 * Serves the built panel (apps/web/dist): hashed assets cached for a year, everything else that is
 * not /api answered with index.html so that the panel's history routes (/planes, /resetpass/…) load
 * on a reload or from a link in an e-mail. Text files go out as the `.br` or `.gz` copy the build
 * wrote beside them (apps/web/vite-plugins/precompress.ts), chosen by the request's Accept-Encoding
 * with `Vary: accept-encoding`; a client that accepts neither gets the plain file (decision 016).
 *
 * A page's own chunks are named in the index.html sent for its path, as `<link rel="modulepreload">`,
 * so the browser fetches them beside the entry script instead of after it (the build lists them by
 * route in `.vite/route-preloads.json`, apps/web/vite-plugins/route-preloads.ts; decision 017).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PREFETCH_META_NAME, errorMessages } from '@escudo/contract';
import type { Env } from '../../lib/env.ts';
import { findPackageRoot } from '../../lib/package-root.ts';

/** what apps/web/vite-plugins/route-preloads.ts writes: the files each route needs, by route */
type RoutePreloads = Record<string, { scripts: string[]; styles: string[]; prefetch?: string[] }>;
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';
/** a built file's URL path: nothing that could close the attribute it is written in */
const ASSET_PATH = /^\/[\w./-]+$/;
/** a file the build writes under assets/: a name of word characters with dots only between them */
const BUILT_ASSET = /^\/assets\/[\w-]+(\.[\w-]+)+$/;

/** apps/web/dist, beside this package, from the sources or from the bundle in dist/ alike */
export const defaultWebDistDir = path.join(findPackageRoot(import.meta.url), '../web/dist');

export async function registerWebApp(app: FastifyInstance, env: Env): Promise<void> {
  const root = path.resolve(env.WEB_DIST_DIR ?? defaultWebDistDir);
  const hasPanel = fs.existsSync(path.join(root, 'index.html'));
  if (hasPanel) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (
      request.url.startsWith('/api/') ||
      request.url === '/api' ||
      !['GET', 'HEAD'].includes(request.method)
    ) {
      return reply.status(404).send({ code: 'ROUTE_NOT_FOUND', message: errorMessages.ROUTE_NOT_FOUND });
    }
    const pathname = request.url.split('?')[0] ?? '/';
    // fastify-static lists the files once, at start: a build made while the server runs names new
    // hashed files, served from here (a plain name under /assets, nothing that could leave it)
    if (hasPanel && BUILT_ASSET.test(pathname) && (await isFile(path.join(root, pathname)))) {
      return reply.sendFile(pathname.slice(1), root);
    }
    // a missing asset is a 404, not the panel: a browser must not parse HTML as JavaScript
    if (/\.[a-z0-9]{1,8}$/i.test(pathname)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!hasPanel) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send(
          'El panel no está compilado. Ejecuta `npm run build` (o `npm start`, que lo compila) y recarga.',
        );
    }
    const withPreloads = await indexHtmlFor(root, pathname);
    if (withPreloads !== null) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(withPreloads);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
  });
}

/** checked before sendFile, which would hand a missing file back to this same not-found handler */
async function isFile(file: string): Promise<boolean> {
  return fs.promises.stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );
}

/**
 * index.html with the route's chunks preloaded, or null for a path without any (Login, an unknown
 * path) or a build without the list. Read on each request, like the file itself: a new build
 * replaces both while the server runs.
 */
async function indexHtmlFor(root: string, pathname: string): Promise<string | null> {
  let preloads: RoutePreloads;
  try {
    preloads = JSON.parse(await fs.promises.readFile(path.join(root, ROUTE_PRELOADS_FILE), 'utf8'));
  } catch {
    return null;
  }
  const route = Object.keys(preloads).find((key) =>
    key.endsWith('/*')
      ? pathname.startsWith(key.slice(0, -1)) && pathname.length > key.length - 1
      : key === pathname,
  );
  const files = route ? preloads[route] : undefined;
  if (!files) return null;
  const links = [
    ...files.styles
      .filter((href) => ASSET_PATH.test(href))
      .map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
    ...files.scripts
      .filter((href) => ASSET_PATH.test(href))
      .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ];
  // what the page will likely need next (Login: Home and MUI; Home: MUI, for its dialogs): named
  // here, fetched by the panel once the page has loaded (apps/web/src/lib/prefetch-next.ts). A
  // `<link rel="prefetch">` would start at once and share a slow network with the page's own files.
  const next = (files.prefetch ?? []).filter((href) => ASSET_PATH.test(href));
  if (next.length > 0) links.push(`<meta name="${PREFETCH_META_NAME}" content="${next.join(' ')}">`);
  const html = await fs.promises.readFile(path.join(root, 'index.html'), 'utf8');
  return html.includes('</head>') ? html.replace('</head>', `${links.join('\n')}\n</head>`) : html;
}
