/**
 * GET /api/files/<key>: a stored file, only through a signed link that has not expired (API.md). The
 * links are made by the features that hand out files (e.g. lost-mode photos), valid FILE_URL_TTL_MS.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileLinkQuerySchema } from '@escudo/contract';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { FILE_KEY_PATTERN } from '../lib/storage/file-storage.ts';
import { FILES_PATH_PREFIX } from '../lib/storage/signed-links.ts';

const contentTypes: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', mp4: 'video/mp4' };

export function registerFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${FILES_PATH_PREFIX}*`,
    {
      schema: {
        summary: 'A stored file (photo), through a signed link that expires',
        tags: ['files'],
        querystring: fileLinkQuerySchema,
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { expires, signature } = request.query;
      if (!FILE_KEY_PATTERN.test(key) || !ctx.fileLinks.verify(key, expires, signature)) {
        throw new AppError('FILE_LINK_INVALID');
      }
      const file = await ctx.storage.open(key);
      if (!file) throw new AppError('NOT_FOUND');
      const secondsLeft = Math.max(0, expires - Math.floor(ctx.now().getTime() / 1000));
      return reply
        .header('content-type', contentTypes[key.split('.').pop()!] ?? 'application/octet-stream')
        .header('content-length', file.size)
        .header('cache-control', `private, max-age=${secondsLeft}`)
        .send(file.stream);
    },
  );
}
