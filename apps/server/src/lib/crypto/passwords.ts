import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first recommended profile: 19 MiB of memory, 2 iterations, 1 lane.
 * The hash runs on libuv's thread pool, so it does not block the event loop.
 */
// 2 = Algorithm.Argon2id (a const enum, which isolated modules cannot import)
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verified against when the e-mail is unknown, so that a wrong e-mail costs the same time as a wrong
 * password and response times do not reveal which accounts exist.
 */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('escudo-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
