/**
 * Presence and the panel's probe (`ayThere`), relayed, never stored; the phone's last state (its last
 * connection and its `status`: issue 30 item 3, decision 042), stored on its row and told to its
 * owner's panels as `deviceStatus`. The phone's `imHere` is commands.messages.ts's.
 */
import type { AppContext } from '../lib/context.ts';
import type { PanelSocket, RealtimeMessages } from '../lib/realtime/messages.ts';
import {
  findUserDevice,
  listUserDeviceStates,
  markDeviceSeen,
  storeDeviceStatus,
  toDeviceState,
} from './devices.service.ts';

/** how long a panel socket trusts that a device it probed is its user's without asking the database */
const OWNED_DEVICE_TTL_MS = 60_000;

/**
 * Each panel socket remembers which device_ids are its user's: a database lookup was most of a probe's
 * cost, the panel's most frequent message (bench/RESULTS.md, `npm run bench:realtime`). A device never
 * changes owner (registerUserDevice refuses); a removed one (decision 044) has no connection left, so
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

  // tell a new panel which of its phones are connected right now and their last state (and remember
  // they are its own)
  messages.panel.onConnect(({ auth, socket }) => {
    void (async () => {
      for (const { row, online } of await listUserDeviceStates(ctx, auth.userId)) {
        remember(socket, row);
        socket.emit('presence', { device_id: row.deviceId, online });
        socket.emit('deviceStatus', { device_id: row.deviceId, ...toDeviceState(row, online) });
      }
    })().catch((error: unknown) => ctx.log.warn({ err: error }, 'could not send presence to a panel'));
  });

  messages.device.onConnect(({ auth, socket }) => {
    ctx.realtime.toUser(auth.userId, 'presence', { device_id: auth.deviceId, online: true });
    const markSeen = (isConnecting: boolean) =>
      markDeviceSeen(ctx, auth.deviceRowId, isConnecting).catch((error: unknown) =>
        ctx.log.warn({ err: error }, "could not store a phone's last connection"),
      );
    void markSeen(true);
    // offline once the phone's last connection (to any server process) is gone
    socket.on('disconnect', () => {
      void ctx.realtime.isDeviceOnline(auth.deviceRowId).then((isOnline) => {
        if (!isOnline)
          ctx.realtime.toUser(auth.userId, 'presence', { device_id: auth.deviceId, online: false });
      });
      void markSeen(false);
    });
  });

  messages.device.on('status', (status, { auth }) => storeDeviceStatus(ctx, auth, status));
}
