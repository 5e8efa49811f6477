import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { runAdminCommand } from '../../app/admin/admin-commands.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({}, undefined, { storage: 'bucket' });
}, 180_000);
afterAll(() => app.close());

/** files as a server on the folder left them in DATA_DIR/files */
async function leaveInFolder(files: Record<string, string | Buffer>) {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(app.dataDir, 'files', ...name.split('/'));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
  }
}

const copy = () => runAdminCommand(app.ctx, ['storage', 'copy-to-bucket']);

describe('storage copy-to-bucket', () => {
  it('copies what is missing, skips what is there with its size, and never deletes the folder', async () => {
    const video = Buffer.alloc(7 * 1024 * 1024, 5);
    await leaveInFolder({
      'avatars/1/a.jpg': 'avatar',
      'lost-reports/2/b.jpg': 'foto',
      'atenciones/3/c.webm': video,
      // a write cut short and a start-up probe are not files of any row
      'atenciones/3/d.webm.1a2b3c.partial': 'medio video',
      '.check-abcdef': '',
    });
    const first = await copy();
    expect(first[0]).toMatch(/^Copiando 3 archivos de .*files al bucket "escudo-test"/);
    expect(first).toContain('[1/3] atenciones/3/c.webm (7.0 MB)');
    expect(first.at(-2)).toBe('Listo: 3 copiados (7.0 MB), 0 ya estaban en el bucket, 0 fallaron.');
    expect(first.at(-1)).toMatch(/Los archivos locales no se borraron/);
    expect(await app.bucket!.keys()).toEqual([
      'atenciones/3/c.webm',
      'avatars/1/a.jpg',
      'lost-reports/2/b.jpg',
    ]);
    expect((await app.bucket!.read('atenciones/3/c.webm'))!.equals(video)).toBe(true);
    expect(await fs.readFile(path.join(app.dataDir, 'files', 'avatars', '1', 'a.jpg'), 'utf8')).toBe(
      'avatar',
    );

    // idempotent: a second run copies nothing
    expect((await copy()).at(-2)).toBe('Listo: 0 copiados (0.0 MB), 3 ya estaban en el bucket, 0 fallaron.');

    // resumable: what is missing or differs in size is copied again, only that
    await app.ctx.storage.delete('avatars/1/a.jpg');
    await app.ctx.storage.put('lost-reports/2/b.jpg', Buffer.from('fo'));
    expect((await copy()).at(-2)).toBe('Listo: 2 copiados (0.0 MB), 1 ya estaban en el bucket, 0 fallaron.');
    expect((await app.bucket!.read('lost-reports/2/b.jpg'))!.toString()).toBe('foto');
  });

  it('fails, saying to run it again, when the bucket does not answer', async () => {
    await leaveInFolder({ 'avatars/9/z.jpg': 'otro' });
    await app.bucket!.stop();
    try {
      await expect(copy()).rejects.toThrow(
        /avatars\/9\/z\.jpg: no se pudo copiar[\s\S]*4 fallaron\.\nVuelve a ejecutar el comando/,
      );
    } finally {
      await app.bucket!.resume();
    }
    expect((await copy()).at(-2)).toMatch(/^Listo: 1 copiados/);
  });

  it('refuses when S3_BUCKET is not set', async () => {
    const folder = await createTestApp();
    try {
      await expect(runAdminCommand(folder.ctx, ['storage', 'copy-to-bucket'])).rejects.toThrow(
        /S3_BUCKET no está definido/,
      );
    } finally {
      await folder.close();
    }
  }, 120_000);
});
