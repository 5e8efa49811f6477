/**
 * Serves the built panel (apps/web/dist): hashed assets cached for a year, everything else that is
 * not /api answered with index.html so that the panel's history routes (/planes, /resetpass/…) load
 * on a reload or from a link in an e-mail. Text files go out as the `.br` or `.gz` copy the build
 * wrote beside them (apps/web/vite-plugins/precompress.ts), chosen by the request's Accept-Encoding
 * with `Vary: accept-encoding`; a client that accepts neither gets the plain file (issue 18).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorMessages } from '@escudo/contract';
import type { Env } from '../env.ts';

export const defaultWebDistDir = fileURLToPath(new URL('../../../web/dist', import.meta.url));

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
  app.setNotFoundHandler((request, reply) => {
    if (
      request.url.startsWith('/api/') ||
      request.url === '/api' ||
      !['GET', 'HEAD'].includes(request.method)
    ) {
      return reply.status(404).send({ code: 'ROUTE_NOT_FOUND', message: errorMessages.ROUTE_NOT_FOUND });
    }
    // a missing asset is a 404, not the panel: a browser must not parse HTML as JavaScript
    if (/\.[a-z0-9]{1,8}$/i.test(request.url.split('?')[0] ?? '')) {
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
    return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
  });
}
