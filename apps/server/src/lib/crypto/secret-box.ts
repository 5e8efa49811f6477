/**
 * Secrets the server must read back, stored encrypted (AES-256-GCM): two-step sign-in's TOTP secrets
 * (decision 035). The key is derived with HKDF-SHA256 from APP_SECRET, the deployment's one secret
 * (signing.ts), for one purpose, so it is worthless for anything else; a database copied without the
 * server's environment yields no secret. `context` (e.g. the account's id) is authenticated with the
 * text, so a stored value moved to another row does not open.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(plain: string, context: string): string;
  /** the text, or null when the value was not sealed by this key for this context */
  open(sealed: string, context: string): string | null;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSecretBox(secret: Buffer, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `escudo:${purpose}`, 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, payload] = sealed.split('.');
      if (version !== VERSION || !payload) return null;
      const bytes = Buffer.from(payload, 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
          .setAAD(Buffer.from(context))
          .setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
