import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  createTotpSecret,
  hotp,
  matchTotpStep,
  otpauthUrl,
  totpCode,
  totpStepAt,
} from './totp.ts';

// RFC 6238 appendix B: the seeds are ASCII digits repeated to the hash's key size, codes of 8 digits
const seeds = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const vectors: [seconds: number, sha1: string, sha256: string, sha512: string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(vectors)('matches the RFC test vectors at %i s', (seconds, sha1, sha256, sha512) => {
    const step = totpStepAt(new Date(seconds * 1000));
    expect(hotp(seeds.sha1, step, { digits: 8 })).toBe(sha1);
    expect(hotp(seeds.sha256, step, { digits: 8, algorithm: 'sha256' })).toBe(sha256);
    expect(hotp(seeds.sha512, step, { digits: 8, algorithm: 'sha512' })).toBe(sha512);
  });

  it('matches RFC 4226 appendix D (HOTP, 6 digits) for the first counters', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583'];
    expect(expected.map((_, counter) => hotp(seeds.sha1, counter))).toEqual(expected);
  });

  it('writes and reads base32 as RFC 4648 does (its test vectors), ignoring case, spaces and padding', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Encode(Buffer.from('fo'))).toBe('MZXQ');
    expect(base32Decode('mzxw 6ytb oi==').toString()).toBe('foobar');
    expect(() => base32Decode('MZX1')).toThrow();
  });

  it('makes secrets of 20 random bytes (32 base32 letters), a new one each time', () => {
    const secret = createTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(createTotpSecret()).not.toBe(secret);
  });

  it('accepts the code of the current step and one step either side, nothing further', () => {
    const secret = base32Encode(seeds.sha1);
    const now = new Date(1234567890 * 1000);
    const step = totpStepAt(now);
    expect(matchTotpStep(secret, totpCode(secret, step), now)).toBe(step);
    expect(matchTotpStep(secret, totpCode(secret, step - 1), now)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, step + 1), now)).toBe(step + 1);
    expect(matchTotpStep(secret, totpCode(secret, step - 2), now)).toBeNull();
    expect(matchTotpStep(secret, totpCode(secret, step + 2), now)).toBeNull();
    expect(matchTotpStep(secret, '12345', now)).toBeNull();
    expect(matchTotpStep(secret, 'abcdef', now)).toBeNull();
  });

  it('writes the otpauth URL authenticator apps read', () => {
    const text = otpauthUrl({ secret: 'ABC', issuer: 'Escudo', account: 'ana@example.cl' });
    expect(text.startsWith('otpauth://totp/Escudo:ana%40example.cl?')).toBe(true);
    const url = new URL(text);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: 'ABC',
      issuer: 'Escudo',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
