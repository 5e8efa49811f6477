/**
 * The data folder is the server's user's alone (decision 031): the folder, the embedded database's
 * folder and the outbox 0700, e-mails 0600; a folder left looser by an older version is tightened.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app.ts';
import { openDatabase } from './db/client.ts';

const folders: string[] = [];
let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
  for (const folder of folders.splice(0)) await fs.rm(folder, { recursive: true, force: true });
});

async function tempFolder() {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'escudo-modes-'));
  folders.push(folder);
  return folder;
}

const modeOf = async (file: string) => (await fs.stat(file)).mode & 0o777;

// each test starts a server or a database on disk: slow on a busy machine
describe('the data folder', { timeout: 120_000 }, () => {
  it('is made for the server alone, and so are the outbox and its e-mails', async () => {
    const dataDir = path.join(await tempFolder(), 'data');
    app = await createTestApp({ DATA_DIR: dataDir });
    expect(await modeOf(dataDir)).toBe(0o700);

    const ana = await signUpUser(app);
    expect((await app.post('/api/auth/forgotPass', { email: ana.email })).statusCode).toBe(200);
    const outbox = path.join(dataDir, 'outbox');
    expect(await modeOf(outbox)).toBe(0o700);
    const [mail] = await fs.readdir(outbox);
    expect(await modeOf(path.join(outbox, mail!))).toBe(0o600);
  });

  it('tightens a data folder an older version left open to others', async () => {
    const dataDir = path.join(await tempFolder(), 'data');
    await fs.mkdir(dataDir, { mode: 0o777 });
    await fs.chmod(dataDir, 0o777);
    app = await createTestApp({ DATA_DIR: dataDir });
    expect(await modeOf(dataDir)).toBe(0o700);
  });

  it("makes the embedded database's folder before PGlite opens it, for the server alone", async () => {
    const dir = path.join(await tempFolder(), 'data', 'db');
    const database = await openDatabase({ pgliteDir: dir, pgliteDurability: 'relaxed' });
    try {
      expect(await modeOf(dir)).toBe(0o700);
      expect((await fs.readdir(dir)).length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });
});
