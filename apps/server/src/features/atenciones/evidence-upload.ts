/**
 * POST /api/operator/atenciones/evidence: a video, as multipart/form-data (decision 018).
 * Multipart is parsed only here: @fastify/multipart is registered in a scope holding this one route,
 * so every other route keeps the 1 MB JSON-only bodies. The file is streamed to storage as it
 * arrives (never held in memory), hashed (SHA-256) on the way, checked to be a video by its first
 * bytes before anything is written and by its container's structure as it streams (video-kind.ts:
 * a broken one is refused and nothing stays stored), and cut off as soon as it passes EVIDENCE_MAX_BYTES: the upload is
 * answered at once and the connection closed, so the rest is not read, and nothing stays stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVIDENCE_MAX_BYTES, addAtencionEvidence } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Authenticators, UserAuth } from '../../lib/http/routes.ts';
import * as atenciones from './atenciones.service.ts';
import { VIDEO_HEAD_BYTES, createContainerCheck, videoKindOf } from './video-kind.ts';

/**
 * The first `bytes` of a stream, put back so that whoever reads the stream next gets it whole; or,
 * when the stream ends first, all of it (`isWhole`: a stream that has ended takes nothing back).
 */
function peek(stream: Readable, bytes: number): Promise<{ head: Buffer; isWhole: boolean }> {
  return new Promise((resolve, reject) => {
    // a stream that failed before anyone listened (a form cut short) emits nothing more
    if (stream.destroyed) {
      reject(stream.errored ?? new Error('the stream was destroyed'));
      return;
    }
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (ended: boolean) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.pause();
      const head = Buffer.concat(chunks);
      if (!ended && head.length > 0) stream.unshift(head);
      resolve({ head, isWhole: ended });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = (error: Error) => reject(error);
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
  });
}

/**
 * An upload refused before its end: the answer goes out at once with `Connection: close`, and the
 * connection is dropped shortly after it, so the rest of the upload is never read.
 */
function cutOff(request: FastifyRequest, reply: FastifyReply): void {
  request.raw.unpipe();
  request.raw.pause();
  void reply.header('connection', 'close');
  reply.raw.once('finish', () => {
    // time for the client to read the answer before the connection goes
    setTimeout(() => request.raw.destroy(), 1_000).unref();
  });
}

/**
 * A form that cannot be read (no boundary, cut short, past the parser's limits) is the client's
 * mistake: 400, never a 500. Our own refusals (AppError) pass through.
 */
function asFormError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  return new AppError('VALIDATION', 'El formulario del video no es válido o llegó incompleto.');
}

const brokenVideo =
  'El video está dañado o incompleto: debe ser un archivo MP4, MOV (QuickTime) o WebM completo.';

/** the multipart form's documentation in the OpenAPI document (the handler reads it as a stream) */
const formSchema = z.object({
  atencion_id: z.string().describe('id of the atención (first part)'),
  file: z
    .string()
    .meta({ format: 'binary' })
    .describe('the video (MP4, QuickTime or WebM), at most 200 MB (last part)'),
});

export async function registerEvidenceUpload(
  app: FastifyInstance,
  ctx: AppContext,
  authenticate: NonNullable<Authenticators['user']>,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // the form is one short field and one file; a larger file is cut off (below), not truncated
      limits: { fileSize: EVIDENCE_MAX_BYTES, files: 1, fields: 1, parts: 2, fieldSize: 32, headerPairs: 20 },
      throwFileSizeLimit: false,
    });
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: addAtencionEvidence.method,
      url: addAtencionEvidence.path,
      schema: {
        summary: addAtencionEvidence.summary,
        tags: ['operator'],
        consumes: ['multipart/form-data'],
        body: formSchema,
        security: [{ bearer: [] }],
        response: { [addAtencionEvidence.status]: addAtencionEvidence.response },
      },
      // the form is read as a stream by the handler: the body schema above only documents it
      validatorCompiler: () => (data) => ({ value: data }),
      // as the contract's router does for auth 'operator' (lib/http/routes.ts), before the body is read
      onRequest: async (request) => {
        request.auth = null;
        const auth = await authenticate(request);
        if (!auth) throw new AppError('UNAUTHENTICATED');
        if (auth.role !== 'operator') throw new AppError('FORBIDDEN');
        request.auth = auth;
      },
      handler: async (request, reply) => {
        const auth = request.auth as UserAuth;
        if (!request.isMultipart()) {
          throw new AppError('VALIDATION', 'El video debe enviarse como multipart/form-data.');
        }
        let storedKey: string | null = null;
        let partError: unknown = null;
        try {
          const part = await request.file().catch((error: unknown) => {
            throw asFormError(error);
          });
          if (!part || part.fieldname !== addAtencionEvidence.fileField) throw new AppError('VIDEO_INVALID');
          const file = part.file;
          // a form cut short fails its file part at once, maybe before anyone reads it: kept for later
          file.on('error', (error) => {
            partError ??= error;
          });
          const fields = Object.fromEntries(
            Object.entries(part.fields)
              .filter(([, value]) => value && !Array.isArray(value) && value.type === 'field')
              .map(([name, value]) => [name, (value as { value: unknown }).value]),
          );
          const parsed = addAtencionEvidence.fields.safeParse(fields);
          if (!parsed.success) {
            throw new AppError('VALIDATION', undefined, {
              atencion_id: parsed.error.issues[0]?.message ?? 'El identificador no es válido.',
            });
          }
          const atencionId = parsed.data.atencion_id;
          await atenciones.requireOpenAtencion(ctx, atencionId);
          if (partError) throw asFormError(partError);
          file.once('limit', () => {
            // not one more byte of the request is read
            request.raw.unpipe();
            request.raw.pause();
            file.destroy(new AppError('VIDEO_TOO_LARGE'));
          });
          const { head, isWhole } = await peek(file, VIDEO_HEAD_BYTES).catch((error: unknown) => {
            throw asFormError(error);
          });
          if (partError) throw asFormError(partError);
          const kind = videoKindOf(head);
          if (!kind) throw new AppError('VIDEO_INVALID');

          const hash = createHash('sha256');
          const container = createContainerCheck(kind, EVIDENCE_MAX_BYTES);
          async function* hashed() {
            for await (const chunk of isWhole ? [head] : file) {
              hash.update(chunk as Buffer);
              if (!container.push(chunk as Buffer)) throw new AppError('VIDEO_INVALID', brokenVideo);
              yield chunk as Buffer;
            }
            // the last box or Segment must have arrived whole; a failure here fails the write
            if (file.truncated) throw new AppError('VIDEO_TOO_LARGE');
            if (!container.end()) throw new AppError('VIDEO_INVALID', brokenVideo);
          }
          const key = `atenciones/${atencionId}/${randomBytes(12).toString('hex')}.${kind.extension}`;
          const { size } = await ctx.storage.write(key, Readable.from(hashed()));
          storedKey = key;
          if (file.truncated) throw new AppError('VIDEO_TOO_LARGE');
          const answer = await atenciones.recordEvidence(ctx, auth.userId, atencionId, {
            storageKey: key,
            kind,
            size,
            sha256: hash.digest('hex'),
          });
          return reply.status(addAtencionEvidence.status).send(answer);
        } catch (error) {
          if (storedKey) await ctx.storage.delete(storedKey);
          // whatever of the upload has not arrived yet is not read
          if (!request.raw.readableEnded) cutOff(request, reply);
          throw partError && !(error instanceof AppError) ? asFormError(error) : error;
        }
      },
    });
  });
}
