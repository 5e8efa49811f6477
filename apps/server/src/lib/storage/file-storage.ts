/**
 * Where uploaded files live (lost-mode photos, avatars, atenciones' videos). One interface, so that a
 * bucket can replace the local folder without touching the features: on disk under DATA_DIR/files by
 * default, or in an S3-compatible bucket (bucket-storage.ts, decision 028). Files never reach a
 * browser directly: only through signed, expiring links (signed-links.ts).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ServiceUnavailableError } from '../unavailable.ts';

export interface StoredFile {
  stream: Readable;
  /** the whole file's size, whatever part of it `stream` reads */
  size: number;
}

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Streams `source` into the file (a video: never held in memory) and resolves with its size once it
   * is whole. If the source fails or is destroyed, nothing is left under the key, nor half of it.
   */
  write(key: string, source: Readable): Promise<{ size: number }>;
  /** the file (or bytes `start`..`end` of it, inclusive), or null when there is none under that key */
  open(key: string, range?: { start: number; end: number }): Promise<StoredFile | null>;
  /** the file's size, or null when there is none under that key */
  sizeOf(key: string): Promise<number | null>;
  /** removes the file; a key with no file is not an error (two removals of one file may race) */
  delete(key: string): Promise<void>;
  /**
   * Resolves once files can be stored (the folder is writable, the bucket answers); otherwise throws a
   * StorageUnavailableError whose Spanish message names the folder or bucket. Start-up runs it.
   */
  check(): Promise<void>;
}

/** The store cannot be used at all (start-up, readiness): its message, in Spanish, says which and why. */
export class StorageUnavailableError extends ServiceUnavailableError {
  override name = 'StorageUnavailableError';
}

/**
 * Keys are ours (never a client's file name): lower-case words, slashes, one extension. `zip`: the
 * exports of a customer's data (export/), which only their own signed link serves.
 */
export const FILE_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.(jpg|png|mp4|mov|webm|zip)$/;

export function assertFileKey(key: string): void {
  if (!FILE_KEY_PATTERN.test(key)) throw new Error(`invalid file key: ${key}`);
}

/** the media type of a stored file, by its key's extension (FILE_KEY_PATTERN) */
export const FILE_CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  zip: 'application/zip',
};

export function contentTypeOf(key: string): string {
  return FILE_CONTENT_TYPES[key.split('.').pop()!] ?? 'application/octet-stream';
}

export function createDiskStorage(root: string): FileStorage {
  const locate = (key: string) => {
    assertFileKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, data) {
      const file = locate(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // write then rename: a reader never sees half a photo
      const partial = `${file}.${process.pid}.partial`;
      await fsp.writeFile(partial, data, { mode: 0o600 });
      await fsp.rename(partial, file);
    },
    async write(key, source) {
      const file = locate(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // a name of its own per write: two uploads never share a partial file
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      const sink = fs.createWriteStream(partial, { mode: 0o600, flags: 'wx' });
      try {
        await pipeline(source, sink);
        const { size } = await fsp.stat(partial);
        await fsp.rename(partial, file);
        return { size };
      } catch (error) {
        // a source that fails at once (a refused video) fails the pipeline before the file is even
        // opened: removed then, it was created afterwards and stayed, empty, on the disk
        if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
        await fsp.rm(partial, { force: true });
        throw error;
      }
    },
    async open(key, range) {
      const file = locate(key);
      try {
        const handle = await fsp.open(file, 'r');
        const { size } = await handle.stat();
        const stream = range ? handle.createReadStream(range) : handle.createReadStream();
        return { stream, size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async sizeOf(key) {
      try {
        return (await fsp.stat(locate(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fsp.rm(locate(key), { force: true });
    },
    async check() {
      // a file written and removed: a folder that exists but is read-only fails here, not at an upload
      const probe = path.join(root, `.check-${randomBytes(6).toString('hex')}`);
      try {
        await fsp.mkdir(root, { recursive: true });
        await fsp.writeFile(probe, '', { mode: 0o600 });
        await fsp.rm(probe, { force: true });
      } catch (error) {
        const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        throw new StorageUnavailableError(
          `No se pueden guardar archivos en la carpeta ${root} (${reason}): revisa DATA_DIR y sus permisos.`,
          { cause: error },
        );
      }
    },
  };
}
