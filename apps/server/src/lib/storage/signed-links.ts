/**
 * Signed, expiring links to stored files: `/api/files/<key>?expires=<unix s>&signature=<hex>`. The
 * signature covers the key and the expiry, so a link cannot be bent to another file or kept alive.
 * Relative, so they work whatever host name the panel was opened with.
 */
import type { Signer } from '../crypto/signing.ts';

export const FILES_PATH_PREFIX = '/api/files/';

export interface FileLinks {
  /** a link to `key` valid for `ttlMs` from now */
  create(key: string, ttlMs: number): string;
  /** whether a link's key, expiry and signature hold now */
  verify(key: string, expires: number, signature: string): boolean;
}

export function createFileLinks(signer: Signer, now: () => Date): FileLinks {
  const payload = (key: string, expires: number) => `${key}\n${expires}`;
  return {
    create(key, ttlMs) {
      const expires = Math.floor((now().getTime() + ttlMs) / 1000);
      const signature = signer.sign(payload(key, expires));
      return `${FILES_PATH_PREFIX}${key}?expires=${expires}&signature=${signature}`;
    },
    verify(key, expires, signature) {
      return expires * 1000 > now().getTime() && signer.verify(payload(key, expires), signature);
    },
  };
}
