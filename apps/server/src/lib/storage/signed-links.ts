/**
 * Signed, expiring links to stored files: `/api/files/<key>?expires=<unix s>&signature=<hex>`. The
 * signature covers the key and the expiry, so a link cannot be bent to another file or kept alive.
 * Relative, so they work whatever host name the panel was opened with.
 */
import type { Signer } from '../crypto/signing.ts';

export const FILES_PATH_PREFIX = '/api/files/';

/**
 * ours: expiries are rounded up to this step, so that the links to one file made within it are the
 * same URL and the browser's cache serves them (an avatar is linked on every user-details call). A
 * link then lives between its TTL and its TTL plus this step.
 */
export const LINK_EXPIRY_STEP_MS = 5 * 60 * 1000;

export interface FileLinks {
  /** a link to `key` valid for at least `ttlMs` from now (at most LINK_EXPIRY_STEP_MS more) */
  create(key: string, ttlMs: number): string;
  /** whether a link's key, expiry and signature hold now */
  verify(key: string, expires: number, signature: string): boolean;
}

export function createFileLinks(signer: Signer, now: () => Date): FileLinks {
  const payload = (key: string, expires: number) => `${key}\n${expires}`;
  return {
    create(key, ttlMs) {
      const step = LINK_EXPIRY_STEP_MS;
      const expires = (Math.ceil((now().getTime() + ttlMs) / step) * step) / 1000;
      const signature = signer.sign(payload(key, expires));
      return `${FILES_PATH_PREFIX}${key}?expires=${expires}&signature=${signature}`;
    },
    verify(key, expires, signature) {
      return expires * 1000 > now().getTime() && signer.verify(payload(key, expires), signature);
    },
  };
}
