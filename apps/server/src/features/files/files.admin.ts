/**
 * `npm run admin -- storage copy-to-bucket` (decision 028): copies the files of the folder
 * (DATA_DIR/files) to the bucket of S3_BUCKET under the same keys, so that a server moved to the
 * bucket still finds every photo, avatar and video its rows point at. A file already in the bucket
 * with the same size is skipped, so a run cut short is simply run again (resumable), and a second run
 * copies nothing (idempotent). It never deletes the local files: the operator removes them once the
 * bucket is checked.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { defineAdminCommand } from '../../lib/admin-command.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { FILE_KEY_PATTERN } from '../../lib/storage/file-storage.ts';

export interface CopySummary {
  copied: number;
  skipped: number;
  failed: number;
  bytes: number;
  lines: string[];
}

/** every file under `root`, as a key with forward slashes; none when the folder does not exist */
async function keysUnder(root: string): Promise<string[]> {
  const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true }).catch((error) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export async function copyFolderToBucket(ctx: AppContext, root: string): Promise<CopySummary> {
  if (!ctx.env.S3_BUCKET) {
    throw new AppError(
      'VALIDATION',
      'S3_BUCKET no está definido: configura el bucket (S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) y vuelve a ejecutar el comando.',
    );
  }
  // partial writes (`.partial`) and start-up probes are not files of any row
  const keys = (await keysUnder(root)).filter((key) => FILE_KEY_PATTERN.test(key));
  const summary: CopySummary = { copied: 0, skipped: 0, failed: 0, bytes: 0, lines: [] };
  summary.lines.push(`Copiando ${keys.length} archivos de ${root} al bucket "${ctx.env.S3_BUCKET}"…`);
  for (const [index, key] of keys.entries()) {
    const progress = `[${index + 1}/${keys.length}]`;
    try {
      const file = path.join(root, ...key.split('/'));
      const { size } = await fsp.stat(file);
      if ((await ctx.storage.sizeOf(key)) === size) {
        summary.skipped += 1;
        continue;
      }
      // streamed: a 200 MB video is not read into memory
      await ctx.storage.write(key, fs.createReadStream(file));
      summary.copied += 1;
      summary.bytes += size;
      summary.lines.push(`${progress} ${key} (${megabytes(size)})`);
    } catch (error) {
      summary.failed += 1;
      summary.lines.push(`${progress} ${key}: no se pudo copiar (${(error as Error).message})`);
      ctx.log.error({ err: error, key }, 'storage copy-to-bucket: a file was not copied');
    }
  }
  summary.lines.push(
    `Listo: ${summary.copied} copiados (${megabytes(summary.bytes)}), ${summary.skipped} ya estaban en el bucket, ${summary.failed} fallaron.`,
    summary.failed > 0
      ? 'Vuelve a ejecutar el comando: copia solo lo que falta.'
      : `Los archivos locales no se borraron: cuando hayas revisado el bucket, puedes borrar ${root}.`,
  );
  return summary;
}

export const storageCommands = [
  defineAdminCommand({
    words: ['storage', 'copy-to-bucket'],
    summary:
      'Copia los archivos de DATA_DIR/files al bucket de S3_BUCKET (omite los que ya están con el mismo tamaño; no borra los locales).',
    flags: z.object({}),
    async run(ctx) {
      const summary = await copyFolderToBucket(ctx, path.join(ctx.env.DATA_DIR, 'files'));
      // a failure makes the command fail (exit code 1), with everything it did
      if (summary.failed > 0) throw new AppError('STORAGE_UNAVAILABLE', summary.lines.join('\n'));
      return summary.lines;
    },
  }),
];
