/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), as authenticator apps (Google
 * Authenticator, Microsoft Authenticator, 1Password…) make them: HMAC-SHA1, 6 digits, 30-second steps,
 * a base32 secret of 20 random bytes (decision 035). Written with node:crypto alone: it is short, and
 * RFC 6238's test vectors check it (totp.test.ts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;
/** ours: one step either side, for a phone's clock a little off and a code typed as it changes */
export const TOTP_DRIFT_STEPS = 1;
/** RFC 4226 section 4: at least 128 bits, 160 recommended (the size of an SHA-1 digest) */
const SECRET_BYTES = 20;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, upper case, without padding (what authenticator apps expect in an otpauth URL) */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** base32 as a person may type it: case, spaces, dashes and padding do not matter */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** a new secret: 20 random bytes, in base32 */
export function createTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/** the time step a moment falls in (RFC 6238 section 4: T = floor(unix time / X), T0 = 0) */
export function totpStepAt(date: Date): number {
  return Math.floor(date.getTime() / 1000 / TOTP_STEP_SECONDS);
}

/** RFC 4226's HOTP of one counter, with HMAC-SHA1 by default (RFC 6238's vectors also try others) */
export function hotp(
  key: Buffer,
  counter: number,
  {
    digits = TOTP_DIGITS,
    algorithm = 'sha1',
  }: { digits?: number; algorithm?: 'sha1' | 'sha256' | 'sha512' } = {},
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac(algorithm, key).update(message).digest();
  // dynamic truncation (RFC 4226 section 5.3)
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** the code of a base32 secret at a time step */
export function totpCode(secret: string, step: number): string {
  return hotp(base32Decode(secret), step);
}

/**
 * The time step whose code `code` is, within TOTP_DRIFT_STEPS of `now`, or null. Each candidate is
 * compared in constant time. The caller refuses a step already used (a code is accepted once).
 */
export function matchTotpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const given = Buffer.from(code);
  const current = totpStepAt(now);
  let matched: number | null = null;
  // every candidate is computed, whichever matches, so the time taken says nothing about which did
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step += 1) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), given) && matched === null) matched = step;
  }
  return matched;
}

/**
 * The otpauth:// URL an authenticator app reads from the QR code (Google Authenticator's "Key Uri
 * Format"): the issuer names the service, the label the account.
 */
export function otpauthUrl({ secret, issuer, account }: { secret: string; issuer: string; account: string }) {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
