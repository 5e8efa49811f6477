/** Presence and the panel's probe (`ayThere`), relayed, never stored; the phone's `imHere` is commands.messages.ts's. */
import type { AppContext } from '../lib/context.ts';
import type { PanelSocket, RealtimeMessages } from '../lib/realtime/messages.ts';
import { findUserDevice, listUserDevices } from './devices.service.ts';

/** how long a panel socket trusts that a device it probed is its user's without asking the database */
const OWNED_DEVICE_TTL_MS = 60_000;

/**
 * Each panel socket remembers which device_ids are its user's: a database lookup was most of a probe's
 * cost, the panel's most frequent message (bench/RESULTS.md, `npm run bench:realtime`). A device never
 * changes owner (registerUserDevice refuses); a removed one (decision 040) has no connection left, so
 * a probe remembered a little longer reaches nobody. Refusals (404) are never remembered.
 */
export function registerDeviceMessages(messages: RealtimeMessages, ctx: AppContext): void {
  const ownedBy = new WeakMap<PanelSocket, Map<string, { rowId: number; until: number }>>();
  const remember = (socket: PanelSocket, device: { id: number; deviceId: string }) => {
    let owned = ownedBy.get(socket);
    if (!owned) ownedBy.set(socket, (owned = new Map()));
    owned.set(device.deviceId, { rowId: device.id, until: Date.now() + OWNED_DEVICE_TTL_MS });
    return device.id;
  };

  messages.panel.on('ayThere', async ({ device_id, probe_id }, { auth, socket }) => {
    const hit = ownedBy.get(socket)?.get(device_id);
    const rowId =
      hit && hit.until > Date.now()
        ? hit.rowId
        : remember(socket, await findUserDevice(ctx, auth.userId, { deviceId: device_id }));
    ctx.realtime.toDevice(rowId, 'ayThere', { probe_id });
  });

  // tell a new panel which of its phones are connected right now (and remember they are its own)
  messages.panel.onConnect(({ auth, socket }) => {
    void (async () => {
      for (const device of await listUserDevices(ctx, auth.userId)) {
        remember(socket, device);
        socket.emit('presence', {
          device_id: device.deviceId,
          online: await ctx.realtime.isDeviceOnline(device.id),
        });
      }
    })().catch((error: unknown) => ctx.log.warn({ err: error }, 'could not send presence to a panel'));
  });

  messages.device.onConnect(({ auth, socket }) => {
    ctx.realtime.toUser(auth.userId, 'presence', { device_id: auth.deviceId, online: true });
    // offline once the phone's last connection (to any server process) is gone
    socket.on('disconnect', () => {
      void ctx.realtime.isDeviceOnline(auth.deviceRowId).then((isOnline) => {
        if (!isOnline)
          ctx.realtime.toUser(auth.userId, 'presence', { device_id: auth.deviceId, online: false });
      });
    });
  });
}
