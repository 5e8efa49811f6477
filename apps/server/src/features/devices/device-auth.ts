/** A phone signs in with its device token (stored as SHA-256, rotated at each registration). */
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { devices } from './devices.schema.ts';
import { hashToken } from '../../lib/crypto/tokens.ts';
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

async function findDeviceByToken(ctx: AppContext, token: unknown): Promise<DeviceAuth | null> {
  if (typeof token !== 'string' || !token || token.length > 256) return null;
  const [device] = await findDevice(ctx.db).execute({ tokenHash: hashToken(token) });
  return device ? { kind: 'device', ...device } : null;
}

export function createDeviceAuthenticator(ctx: AppContext) {
  return (request: FastifyRequest) => findDeviceByToken(ctx, bearerToken(request));
}

export function createDeviceSocketAuthenticator(ctx: AppContext) {
  return (token: unknown) => findDeviceByToken(ctx, token);
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
