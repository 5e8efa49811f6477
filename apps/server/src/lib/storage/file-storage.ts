/**
 * Where uploaded files live (lost-mode photos, avatars, atenciones' videos). One interface, so that a
 * bucket can replace the local folder without touching the features; on disk under DATA_DIR/files.
 * Files never reach a browser directly: only through signed, expiring links (signed-links.ts).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

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
  /** readiness: resolves when the storage can be reached (a bucket); a store without it is always ready */
  check?(): Promise<void>;
}

/** Keys are ours (never a client's file name): lower-case words, slashes, one extension. */
export const FILE_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.(jpg|png|mp4|mov|webm)$/;

export function assertFileKey(key: string): void {
  if (!FILE_KEY_PATTERN.test(key)) throw new Error(`invalid file key: ${key}`);
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
      try {
        await pipeline(source, fs.createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
        const { size } = await fsp.stat(partial);
        await fsp.rename(partial, file);
        return { size };
      } catch (error) {
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
  };
}
