/**
 * GET /api/files/<key>: a stored file, only through a signed link that has not expired (docs/api.md). The
 * links are made by the features that hand out files (e.g. lost-mode photos), valid FILE_URL_TTL_MS.
 * A single byte range (`Range: bytes=a-b`, `a-`, `-n`) is answered 206 from the folder or the bucket, so a video seeks
 * in the browser without downloading it whole; a range outside the file is 416 (RFC 9110 14).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileLinkQuerySchema } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { FILE_KEY_PATTERN, contentTypeOf } from '../../lib/storage/file-storage.ts';
import { FILES_PATH_PREFIX } from '../../lib/storage/signed-links.ts';

/**
 * The byte range a `Range` header asks of a file of `size` bytes: null to send the whole file (no
 * header, or one we do not serve in parts: several ranges, another unit), 'unsatisfiable' when it lies
 * outside the file.
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    // the last n bytes
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

export function registerFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${FILES_PATH_PREFIX}*`,
    {
      schema: {
        summary:
          'A stored file (photo, video), through a signed link that expires; answers a byte range with 206, and 416 when it lies outside the file',
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
      const size = await ctx.storage.sizeOf(key);
      if (size === null) throw new AppError('NOT_FOUND');
      const secondsLeft = Math.max(0, expires - Math.floor(ctx.now().getTime() / 1000));
      void reply
        .header('content-type', contentTypeOf(key))
        .header('accept-ranges', 'bytes')
        .header('cache-control', `private, max-age=${secondsLeft}`);
      const range = parseByteRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${size}`).send();
      }
      const file = await ctx.storage.open(key, range ?? undefined);
      if (!file) throw new AppError('NOT_FOUND');
      if (!range) return reply.header('content-length', size).send(file.stream);
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1)
        .send(file.stream);
    },
  );
}
