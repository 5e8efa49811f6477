import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token (256 bits, URL-safe). Only its hash is ever stored. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 is enough here: the token has 256 bits of entropy, so there is nothing to brute-force. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A short human-shareable code (invitation code): no 0/O/1/I to avoid misreading. */
export function createShortCode(length = 8): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(length);
  let code = '';
  for (const byte of bytes) code += alphabet[byte % alphabet.length];
  return code;
}
