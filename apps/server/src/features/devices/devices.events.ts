/**
 * A phone whose account was deleted, or which was taken off its account, is told so and its
 * connections close now, on whichever server process holds them, and stay closed (decision 044); the
 * owner's panels see it go offline.
 */
import type { AppContext } from '../../lib/context.ts';

export function subscribeDevicesToRemovals(ctx: AppContext): void {
  ctx.events.on('accountDeleted', 'devices', async ({ deviceRowIds }) => {
    for (const deviceRowId of deviceRowIds) {
      ctx.realtime.toDevice(deviceRowId, 'accountDeleted', {});
      ctx.realtime.disconnectDevice(deviceRowId);
    }
  });
  ctx.events.on('deviceRemoved', 'devices', async ({ userId, deviceRowId, deviceId }) => {
    ctx.realtime.toDevice(deviceRowId, 'deviceRemoved', {});
    ctx.realtime.disconnectDevice(deviceRowId);
    ctx.realtime.toUser(userId, 'presence', { device_id: deviceId, online: false });
  });
}
