/**
 * Whether a phone is there: presence (connected or not) for its owner's panels, and the probes
 * (`ayThere` / `imHere`), relayed and never stored. An `imHere` naming a command is the phone's
 * acknowledgement of that command (commands.service.ts).
 */
import type { AppContext } from '../context.ts';
import type { PanelSocket, RealtimeMessages } from '../lib/realtime/messages.ts';
import { acknowledgeCommand } from '../commands/commands.service.ts';
import { findUserDevice, listUserDevices } from './devices.service.ts';

/** how long a panel socket trusts that a device it probed is its user's without asking the database */
const OWNED_DEVICE_TTL_MS = 60_000;

/**
 * The internal id of one of the user's devices, for the panel's probes. Probes are the panel's most
 * frequent message, and a database lookup for each was most of a probe's cost on the server (bench
 * `npm run bench:realtime`, bench/RESULTS.md). A device never changes owner (registerUserDevice refuses)
 * and is never deleted, so a device once found to be the user's stays theirs; the expiry only guards
 * against that rule changing. The panel's devices are remembered as it connects (the presence list
 * reads them anyway); refusals (404) are never remembered.
 */
function createOwnedDevices(ctx: AppContext, userId: number) {
  const owned = new Map<string, { rowId: number; until: number }>();
  const remember = (device: { id: number; deviceId: string }) => {
    owned.set(device.deviceId, { rowId: device.id, until: Date.now() + OWNED_DEVICE_TTL_MS });
  };
  return {
    remember,
    async rowIdOf(deviceId: string): Promise<number> {
      const hit = owned.get(deviceId);
      if (hit && hit.until > Date.now()) return hit.rowId;
      const device = await findUserDevice(ctx, userId, { deviceId });
      remember(device);
      return device.id;
    },
  };
}

export function registerDeviceMessages(messages: RealtimeMessages, ctx: AppContext): void {
  // one memory of owned devices per panel socket, gone with it
  const ownedBy = new WeakMap<PanelSocket, ReturnType<typeof createOwnedDevices>>();
  const ownDevicesOf = (socket: PanelSocket) => {
    let owned = ownedBy.get(socket);
    if (!owned) ownedBy.set(socket, (owned = createOwnedDevices(ctx, socket.data.userId)));
    return owned;
  };

  messages.panel.on('ayThere', async ({ device_id, probe_id }, { socket }) => {
    ctx.realtime.toDevice(await ownDevicesOf(socket).rowIdOf(device_id), 'ayThere', { probe_id });
  });
  messages.device.on('imHere', async ({ probe_id, command_id }, { auth }) => {
    if (command_id !== undefined) {
      await acknowledgeCommand(ctx, auth, command_id);
      ctx.realtime.toUser(auth.userId, 'imHere', { device_id: auth.deviceId, command_id });
    } else {
      ctx.realtime.toUser(auth.userId, 'imHere', { device_id: auth.deviceId, probe_id });
    }
  });

  // tell a new panel which of its phones are connected right now (and remember they are its own)
  messages.panel.onConnect(({ auth, socket }) => {
    const owned = ownDevicesOf(socket);
    void (async () => {
      for (const device of await listUserDevices(ctx, auth.userId)) {
        owned.remember(device);
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
