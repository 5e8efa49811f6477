/** A phone signs in with its device token (stored as SHA-256, rotated at each registration). */
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { devices } from './devices.schema.ts';
import { hashToken } from '../../lib/crypto/tokens.ts';
import { createBatchLoader } from '../../lib/db/batch-loader.ts';
import { preparedPerDatabase } from '../../lib/db/prepared.ts';
import { bearerToken, type DeviceAuth } from '../../lib/http/routes.ts';

const findDevice = preparedPerDatabase((db) =>
  db
    .select({ deviceRowId: devices.id, userId: devices.userId, deviceId: devices.deviceId })
    .from(devices)
    .where(eq(devices.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('find_device_by_token'),
);

const isWellFormed = (token: unknown): token is string =>
  typeof token === 'string' && token.length > 0 && token.length <= 256;

export function createDeviceAuthenticator(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<DeviceAuth | null> => {
    const token = bearerToken(request);
    if (!isWellFormed(token)) return null;
    const [device] = await findDevice(ctx.db).execute({ tokenHash: hashToken(token) });
    return device ? { kind: 'device', ...device } : null;
  };
}

/**
 * A socket's token, looked up with those of every phone connecting in the same moment (decision 059:
 * after a server process dies, thousands reconnect within seconds).
 */
export function createDeviceSocketAuthenticator(ctx: AppContext) {
  const byTokenHash = createBatchLoader<string, DeviceAuth | null>(async (hashes) => {
    const rows = await ctx.db
      .select({
        deviceRowId: devices.id,
        userId: devices.userId,
        deviceId: devices.deviceId,
        tokenHash: devices.tokenHash,
      })
      .from(devices)
      .where(inArray(devices.tokenHash, [...new Set(hashes)]));
    const found = new Map(rows.map(({ tokenHash, ...device }) => [tokenHash, device]));
    return hashes.map((hash) => {
      const device = found.get(hash);
      return device ? { kind: 'device', ...device } : null;
    });
  });
  return (token: unknown) =>
    isWellFormed(token) ? byTokenHash.load(hashToken(token)) : Promise.resolve(null);
}

/** A removed phone's row is gone (its data deleted) or marked removed; a new token leaves it as it was. */
export function createDeviceRemovedCheck(ctx: AppContext) {
  return async (deviceRowId: number): Promise<boolean> => {
    const [device] = await ctx.db
      .select({ removedAt: devices.removedAt })
      .from(devices)
      .where(eq(devices.id, deviceRowId));
    return !device || device.removedAt !== null;
  };
}
