/**
 * Presence and the panel's probe (`ayThere`), relayed, never stored; the phone's last state (its last
 * connection and its `status`: decision 042), stored on its row and told to its
 * owner's panels as `deviceStatus`. The phone's `imHere` is commands.messages.ts's.
 */
import type { AppContext } from '../../lib/context.ts';
import { createBatchLoader } from '../../lib/db/batch-loader.ts';
import type { PanelSocket, RealtimeMessages } from '../../lib/realtime/messages.ts';
import {
  findUserDevice,
  listUserDevices,
  listUserDeviceStates,
  markDeviceDisconnected,
  markDevicesConnected,
  storeDeviceStatus,
  toDeviceState,
} from './devices.service.ts';

/** how long a panel socket trusts its list of its user's devices before reading it again */
const OWNED_DEVICES_TTL_MS = 60_000;

/** one panel socket's devices: device_id → row id, read together, trusted until `until` (ms) */
type OwnedDevices = { rowIds: Map<string, number>; until: number };

/**
 * Each panel socket remembers which device_ids are its user's: a database lookup was most of a probe's
 * cost, the panel's most frequent message (bench/RESULTS.md, `npm run bench:realtime`). A device never
 * changes owner (registerUserDevice refuses); a removed one (decision 044) has no connection left, so
 * a probe remembered a little longer reaches nobody. The list is read as the panel connects and again,
 * whole, in one query, once it is OWNED_DEVICES_TTL_MS old: a time limit per device, as before, cost
 * one query for the first probe of each phone in every minute (bench:realtime: 15 % of the server's time
 * with 10,000 phones and 50 probes in flight). A device_id not in the list (a phone registered since)
 * is looked up on its own and added; refusals (404) are never remembered.
 */
export function registerDeviceMessages(messages: RealtimeMessages, ctx: AppContext): void {
  const ownedBy = new WeakMap<PanelSocket, OwnedDevices>();
  /** the read under way of a socket's list: the probes that find it too old all wait for one query */
  const readings = new WeakMap<PanelSocket, Promise<OwnedDevices>>();
  const keep = (socket: PanelSocket, rows: readonly { id: number; deviceId: string }[]) => {
    const owned = {
      rowIds: new Map(rows.map((row) => [row.deviceId, row.id])),
      until: ctx.now().getTime() + OWNED_DEVICES_TTL_MS,
    };
    ownedBy.set(socket, owned);
    return owned;
  };
  const ownedDevices = (socket: PanelSocket, userId: number): OwnedDevices | Promise<OwnedDevices> => {
    const owned = ownedBy.get(socket);
    if (owned && owned.until > ctx.now().getTime()) return owned;
    let reading = readings.get(socket);
    if (!reading) {
      // a failed read is not kept: the next probe tries again
      reading = listUserDevices(ctx, userId)
        .then((rows) => keep(socket, rows))
        .finally(() => readings.delete(socket));
      readings.set(socket, reading);
    }
    return reading;
  };

  messages.panel.on('ayThere', async ({ device_id, probe_id }, { auth, socket }) => {
    const owned = await ownedDevices(socket, auth.userId);
    let rowId = owned.rowIds.get(device_id);
    if (rowId === undefined) {
      rowId = (await findUserDevice(ctx, auth.userId, { deviceId: device_id })).id;
      owned.rowIds.set(device_id, rowId);
    }
    ctx.realtime.toDevice(rowId, 'ayThere', { probe_id });
  });

  // tell a new panel which of its phones are connected right now and their last state (and remember
  // they are its own)
  messages.panel.onConnect(({ auth, socket }) => {
    void (async () => {
      const states = await listUserDeviceStates(ctx, auth.userId);
      keep(
        socket,
        states.map(({ row }) => row),
      );
      for (const { row, online } of states) {
        socket.emit('presence', { device_id: row.deviceId, online });
        socket.emit('deviceStatus', { device_id: row.deviceId, ...toDeviceState(row, online) });
      }
    })().catch((error: unknown) => ctx.log.warn({ err: error }, 'could not send presence to a panel'));
  });

  // the phones that connect in one moment are stored in one UPDATE (decision 059)
  const connected = createBatchLoader<number, void>(async (deviceRowIds) => {
    await markDevicesConnected(ctx, deviceRowIds);
    return deviceRowIds.map(() => undefined);
  });
  const couldNotStore = (error: unknown) =>
    ctx.log.warn({ err: error }, "could not store a phone's last connection");
  messages.device.onConnect(({ auth, socket }) => {
    ctx.realtime.toUser(auth.userId, 'presence', { device_id: auth.deviceId, online: true });
    connected.load(auth.deviceRowId).catch(couldNotStore);
    // offline once the phone's last connection (to any server process) is gone
    socket.on('disconnect', () => {
      void ctx.realtime.isDeviceOnline(auth.deviceRowId).then((isOnline) => {
        if (!isOnline)
          ctx.realtime.toUser(auth.userId, 'presence', { device_id: auth.deviceId, online: false });
      });
      markDeviceDisconnected(ctx, auth.deviceRowId).catch(couldNotStore);
    });
  });

  messages.device.on('status', (status, { auth }) => storeDeviceStatus(ctx, auth, status));
}
