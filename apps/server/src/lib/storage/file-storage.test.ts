import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from '../../../test/s3-server.ts';
import { spawn } from 'node:child_process';
import { repoRoot } from '../../../test/server-process.ts';
import { AppError } from '../app-error.ts';
import { createBucketStorage } from './bucket-storage.ts';
import { createDiskStorage, StorageUnavailableError, type FileStorage } from './file-storage.ts';

let bucket: TestBucket;
let folder: string;
beforeAll(async () => {
  bucket = await startTestBucket();
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'escudo-storage-'));
});
afterAll(async () => {
  await bucket.close();
  await fs.rm(folder, { recursive: true, force: true });
});

const onBucket = (over: Partial<Parameters<typeof createBucketStorage>[0]> = {}) =>
  createBucketStorage({
    bucket: bucket.name,
    endpoint: bucket.endpoint,
    region: 'us-east-1',
    accessKeyId: bucket.env.S3_ACCESS_KEY_ID!,
    secretAccessKey: bucket.env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: true,
    ...over,
  });

const MB = 1024 * 1024;

/**
 * `total` bytes in chunks of 64 KiB, made as they are read (one chunk reused: nothing held here). With
 * `failAfter` it fails with an error once that many bytes were read; with `goneAfter` it is destroyed
 * without one (a client gone), at a byte count rather than a time, whatever the machine's load.
 */
function generated(total: number, failAfter?: number, goneAfter?: number): Readable {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(new Error('the source failed'));
        return;
      }
      if (goneAfter !== undefined && sent >= goneAfter) {
        this.destroy();
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      const next = Math.min(chunk.length, total - sent);
      sent += next;
      // never synchronously, as from a network
      setImmediate(() => this.push(next === chunk.length ? chunk : chunk.subarray(0, next)));
    },
  });
}

/** everything a backend keeps, partial or incomplete uploads included */
async function leftovers(kind: 'disk' | 'bucket', prefix: string): Promise<string[]> {
  if (kind === 'bucket') {
    const uploads = await bucket.openUploads();
    return [...(await bucket.keys(prefix)), ...Array.from({ length: uploads }, () => 'open upload')];
  }
  const entries = await fs.readdir(path.join(folder, prefix), { recursive: true }).catch(() => []);
  return entries.map(String);
}

describe.each(['disk', 'bucket'] as const)('the file storage contract on the %s', (kind) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = kind === 'disk' ? createDiskStorage(folder) : onBucket();
  });
  const prefix = `contract-${kind}`;

  it('checks that it can store files', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it('puts, writes, opens whole or in part, sizes and deletes; a missing key is null, not an error', async () => {
    const key = `${prefix}/one.jpg`;
    await storage.put(key, Buffer.from('0123456789'));
    expect(await storage.sizeOf(key)).toBe(10);
    const whole = await storage.open(key);
    expect(whole!.size).toBe(10);
    expect(await text(whole!.stream)).toBe('0123456789');
    const part = await storage.open(key, { start: 2, end: 5 });
    expect(part!.size).toBe(10);
    expect(await text(part!.stream)).toBe('2345');

    const video = `${prefix}/two.webm`;
    expect(await storage.write(video, Readable.from([Buffer.from('abc'), Buffer.from('def')]))).toEqual({
      size: 6,
    });
    expect(await text((await storage.open(video, { start: 5, end: 5 }))!.stream)).toBe('f');
    // a second write under a key replaces the file whole
    await storage.put(key, Buffer.from('xy'));
    expect(await text((await storage.open(key))!.stream)).toBe('xy');

    await storage.delete(key);
    await storage.delete(video);
    expect(await storage.sizeOf(key)).toBeNull();
    expect(await storage.open(video)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    expect(await leftovers(kind, prefix)).toEqual([]);
    await expect(storage.put('../escape.jpg', Buffer.from('x'))).rejects.toThrow(/invalid file key/);
  });

  it('leaves nothing when the source fails, early or past several parts, and says why', async () => {
    for (const failAfter of [0, 64 * 1024, 12 * MB]) {
      const key = `${prefix}/failed-${failAfter}.mp4`;
      await expect(storage.write(key, generated(20 * MB, failAfter))).rejects.toThrow('the source failed');
      expect(await storage.sizeOf(key)).toBeNull();
    }
    // a source destroyed without a reason (a client gone) fails the write too
    const gone = generated(20 * MB, undefined, MB);
    await expect(storage.write(`${prefix}/gone.mp4`, gone)).rejects.toThrow();
    expect(await leftovers(kind, prefix)).toEqual([]);
  });

  it('streams a large write without holding it in memory', async () => {
    const size = 128 * MB;
    const key = `${prefix}/large.mp4`;
    // what this process holds: the JavaScript heap and the buffers outside it
    const held = () => {
      const usage = process.memoryUsage();
      return usage.heapUsed + usage.arrayBuffers;
    };
    const before = held();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, held());
    }, 5);
    try {
      expect(await storage.write(key, generated(size))).toEqual({ size });
    } finally {
      clearInterval(sampler);
    }
    expect(await storage.sizeOf(key)).toBe(size);
    // a few parts in flight at most (the bucket's are 5 MiB), never the file. The figure also counts
    // garbage not yet collected and, here, the parts s3rver (in this same process) is receiving: on
    // Node 24 that came to 71 MB of the 128 MB once, so the bound is three quarters of the file, which
    // a store holding the whole file still exceeds
    expect(peak - before).toBeLessThan(size * 0.75);
    const tail = await storage.open(key, { start: size - 3, end: size - 1 });
    expect(await text(tail!.stream)).toBe('aaa');
    await storage.delete(key);
  }, 60_000);
});

describe('the bucket', () => {
  it('fails its check, naming the bucket and the endpoint, when the bucket is missing or the server down', async () => {
    const missing = onBucket({ bucket: 'no-existe' });
    await expect(missing.check()).rejects.toThrow(StorageUnavailableError);
    await expect(missing.check()).rejects.toThrow(
      `No se puede usar el bucket S3 "no-existe" en ${bucket.endpoint}: el bucket no existe.`,
    );
    const wrongKeys = onBucket({ accessKeyId: 'OTRA' });
    await expect(wrongKeys.check()).rejects.toThrow(/acceso denegado/);
    const closed = onBucket({ endpoint: 'http://127.0.0.1:9' });
    await expect(closed.check()).rejects.toThrow(
      /No se puede usar el bucket S3 "escudo-test" en http:\/\/127\.0\.0\.1:9: no responde \(ECONNREFUSED\)/,
    );
  });

  it('answers STORAGE_UNAVAILABLE when it fails during a write, leaving no object', async () => {
    const storage = onBucket();
    const key = 'contract-bucket/interrupted.mp4';
    const writing = storage.write(key, generated(30 * MB));
    // the server goes away while the first parts travel
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = bucket.stop();
    const error = await writing.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'STORAGE_UNAVAILABLE', status: 503 });
    await stopped;
    await bucket.resume();
    expect(await storage.sizeOf(key)).toBeNull();
    expect(await bucket.keys('contract-bucket/interrupted')).toEqual([]);
  }, 60_000);

  it('answers STORAGE_UNAVAILABLE for a put, a size, an open or a removal while the server is down', async () => {
    const storage = onBucket();
    await bucket.stop();
    try {
      const key = 'contract-bucket/down.jpg';
      await expect(storage.put(key, Buffer.from('x'))).rejects.toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
      await expect(storage.sizeOf(key)).rejects.toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
      await expect(storage.open(key)).rejects.toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
      await expect(storage.delete(key)).rejects.toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
    } finally {
      await bucket.resume();
    }
  });
});

describe('the folder', () => {
  it('fails its check, naming the folder, when it cannot be written', async () => {
    const file = path.join(folder, 'a-file');
    await fs.writeFile(file, '');
    // a folder that cannot exist: its parent is a file
    await expect(createDiskStorage(path.join(file, 'files')).check()).rejects.toThrow(
      /No se pueden guardar archivos en la carpeta .*a-file\/files/,
    );
  });
});

describe('a server whose bucket cannot be used', () => {
  it('does not start: one line naming the bucket and the endpoint, exit code 1', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'escudo-start-'));
    try {
      // main.ts itself, as `npm start` runs it
      const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          PORT: '0',
          ...bucket.env,
          S3_BUCKET: 'no-existe',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise((resolve) => server.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr.split('\n')).toContain(
        `No se puede usar el bucket S3 "no-existe" en ${bucket.endpoint}: el bucket no existe.`,
      );
      // the reason, not a stack trace
      expect(stderr).not.toMatch(/\n\s+at /);
      // nothing was started: not even the embedded database
      expect(await fs.readdir(dataDir)).toEqual([]);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
