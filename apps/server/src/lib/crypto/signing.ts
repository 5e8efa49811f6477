/**
 * HMAC signatures for what the server hands out and must recognise later without storing it: the
 * panel's realtime tokens and the expiring links to photos. One secret per deployment (APP_SECRET);
 * each purpose derives its own key, so a signature made for one purpose is worthless for another.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Env } from '../env.ts';

export interface Signer {
  /** hex HMAC-SHA256 of `data` */
  sign(data: string): string;
  verify(data: string, signature: string): boolean;
}

/**
 * APP_SECRET, or (outside production, where env.ts demands it) a random one generated on first start
 * and kept in DATA_DIR, so that links and tokens survive a restart of `npm start`.
 */
export async function loadAppSecret(env: Env): Promise<Buffer> {
  if (env.APP_SECRET) return Buffer.from(env.APP_SECRET, 'utf8');
  const file = path.join(env.DATA_DIR, 'app-secret');
  try {
    return Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48);
  await fs.mkdir(env.DATA_DIR, { recursive: true });
  // 'wx': if another process created it in the meantime, use theirs
  await fs.writeFile(file, secret.toString('base64'), { mode: 0o600, flag: 'wx' }).catch(async (error) => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  return Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64');
}

export function createSigner(secret: Buffer, purpose: string): Signer {
  const key = createHmac('sha256', secret).update(`escudo:${purpose}`).digest();
  const sign = (data: string) => createHmac('sha256', key).update(data).digest('hex');
  return {
    sign,
    verify(data, signature) {
      const expected = Buffer.from(sign(data), 'hex');
      const given = Buffer.from(signature, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
