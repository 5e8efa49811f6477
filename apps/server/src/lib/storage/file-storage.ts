/**
 * Where uploaded files live (lost-mode photos, avatars; later videos). One interface, so that a
 * bucket can replace the local folder without touching the features; on disk under DATA_DIR/files.
 * Files never reach a browser directly: only through signed, expiring links (signed-links.ts).
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredFile {
  stream: Readable;
  size: number;
}

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** the file, or null when there is none under that key */
  open(key: string): Promise<StoredFile | null>;
  /** removes the file; a key with no file is not an error (two removals of one file may race) */
  delete(key: string): Promise<void>;
}

/** Keys are ours (never a client's file name): lower-case words, slashes, one extension. */
export const FILE_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.(jpg|png|mp4)$/;

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
    async open(key) {
      const file = locate(key);
      try {
        const handle = await fsp.open(file, 'r');
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
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
