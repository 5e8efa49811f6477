/**
 * What each realtime message does (contract realtime.ts; docs/device-protocol.md). Probes (ayThere /
 * imHere) are relayed and never stored; commands change state through commands.service.ts.
 */
import { TRACKING_MAX_POINTS_PER_MESSAGE, TRACKING_MAX_POINTS_PER_SECOND } from '@escudo/contract';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import type { DeviceAuth } from '../lib/http/routes.ts';
import { findUserDevice, listUserDevices } from '../devices/devices.service.ts';
import {
  acknowledgeCommand,
  deliverPendingCommands,
  resumeDevice,
  findCommand,
  moveCommand,
  type CommandTarget,
} from '../commands/commands.service.ts';
import { deviceSchemas, handleMessages, panelSchemas, type RealtimeHub } from './hub.ts';
import { deviceRoom } from './realtime-emitter.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { addRoutePoints } from '../tracking/tracking.service.ts';
import { setLostFlag } from '../lostphone/lostphone.service.ts';

const targetOf = (auth: DeviceAuth): CommandTarget => ({
  deviceRowId: auth.deviceRowId,
  userId: auth.userId,
  deviceId: auth.deviceId,
});

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

export function attachRealtimeHandlers(hub: RealtimeHub, ctx: AppContext): void {
  /** route-point messages of all phones being stored now (MAX_PENDING_ROUTE_WRITES) */
  let pendingRouteWrites = 0;
  hub.panel.on('connection', (socket) => {
    const auth = socket.data;
    const ownDevices = createOwnedDevices(ctx, auth.userId);
    handleMessages(
      socket,
      auth,
      panelSchemas,
      {
        async ayThere({ device_id, probe_id }) {
          hub.toDevice(await ownDevices.rowIdOf(device_id), 'ayThere', { probe_id });
        },
        async cancelingWipe({ device_id, command_id }) {
          const device = await findUserDevice(ctx, auth.userId, { deviceId: device_id });
          const target = { deviceRowId: device.id, userId: auth.userId, deviceId: device.deviceId };
          const command = await findCommand(ctx, target, command_id);
          if (command.type !== 'wipe') throw new AppError('VALIDATION', 'Esa orden no es un borrado.');
          if (command.state === 'sent') {
            // the phone never got it: cancel here, or it would run whenever the phone connects
            await moveCommand(ctx, target, command_id, {
              from: ['sent'],
              to: 'cancelled',
              reason: 'Detenido antes de llegar al teléfono.',
            });
            hub.toUser(auth.userId, 'cancelingWipe', { device_id, command_id });
          } else if (command.state === 'delivered') {
            hub.toDevice(device.id, 'cancelingWipe', { command_id });
          } else if (command.state === 'done') {
            throw new AppError('VALIDATION', 'El teléfono ya comenzó el borrado; no se puede detener.');
          }
          // already cancelled, failed or expired: nothing left to stop
        },
      },
      ctx.log,
    );
    // tell the new panel which of its phones are connected right now (and remember they are its own)
    void (async () => {
      for (const device of await listUserDevices(ctx, auth.userId)) {
        ownDevices.remember(device);
        socket.emit('presence', { device_id: device.deviceId, online: await hub.isDeviceOnline(device.id) });
      }
    })().catch((error: unknown) => ctx.log.warn({ err: error }, 'could not send presence to a panel'));
  });

  hub.device.on('connection', (socket) => {
    const auth = socket.data;
    const target = targetOf(auth);
    // issue 4: at most TRACKING_MAX_POINTS_PER_SECOND route points a second from one phone
    const points = createRateLimiter(TRACKING_MAX_POINTS_PER_SECOND, TRACKING_MAX_POINTS_PER_MESSAGE);
    handleMessages(
      socket,
      auth,
      deviceSchemas,
      {
        async imHere({ probe_id, command_id }) {
          if (command_id !== undefined) {
            await acknowledgeCommand(ctx, target, command_id);
            hub.toUser(auth.userId, 'imHere', { device_id: auth.deviceId, command_id });
          } else {
            hub.toUser(auth.userId, 'imHere', { device_id: auth.deviceId, probe_id });
          }
        },
        async commandResult({ command_id, outcome, reason }) {
          const { command } = await moveCommand(ctx, target, command_id, {
            from: ['sent', 'delivered'],
            to: outcome,
            // a wipe is done when the phone says `deleting`, never by a plain result
            types:
              outcome === 'done' ? ['lock', 'lostOn', 'lostOff', 'trackingOn', 'trackingOff'] : undefined,
            reason: outcome === 'failed' ? (reason ?? 'El teléfono no indicó el motivo.') : null,
          });
          // the phone is the truth about its lost mode: an order it carried out late (after the
          // panel stopped waiting, or after reconnecting) still leaves `lost` right
          if (command.state === 'done' && (command.type === 'lostOn' || command.type === 'lostOff')) {
            await setLostFlag(ctx, auth.deviceRowId, command.type === 'lostOn');
          }
        },
        async deleting({ command_id }) {
          await moveCommand(ctx, target, command_id, {
            from: ['sent', 'delivered'],
            to: 'done',
            types: ['wipe'],
          });
          hub.toUser(auth.userId, 'deleting', { device_id: auth.deviceId, command_id });
        },
        async cancelingWipe({ command_id }) {
          await moveCommand(ctx, target, command_id, {
            from: ['sent', 'delivered'],
            to: 'cancelled',
            types: ['wipe'],
          });
          hub.toUser(auth.userId, 'cancelingWipe', { device_id: auth.deviceId, command_id });
        },
        async routePoints({ tracking_id, points: batch }) {
          // a bound on writes waiting for the database: past it a quick, honest refusal that the
          // phone answers by resending later, rather than a queue that delays every phone's points
          // (bench/RESULTS.md, "Tracking": past saturation the points stored a second fell by 40%).
          // Checked first, so that a refused message does not use up the phone's rate.
          if (pendingRouteWrites >= ctx.env.MAX_PENDING_ROUTE_WRITES) throw new AppError('SERVER_BUSY');
          if (!points.take(batch.length)) {
            throw new AppError('RATE_LIMITED', 'Demasiados puntos de ruta: como máximo 10 por segundo.');
          }
          pendingRouteWrites += 1;
          try {
            await addRoutePoints(ctx, auth, tracking_id, batch);
          } finally {
            pendingRouteWrites -= 1;
          }
        },
      },
      ctx.log,
    );
    hub.toUser(auth.userId, 'presence', { device_id: auth.deviceId, online: true });
    socket.on('disconnect', () => {
      void hub.device
        .in(deviceRoom(auth.deviceRowId))
        .fetchSockets()
        .then((sockets) => {
          if (sockets.length === 0)
            hub.toUser(auth.userId, 'presence', { device_id: auth.deviceId, online: false });
        })
        .catch(() => hub.toUser(auth.userId, 'presence', { device_id: auth.deviceId, online: false }));
    });
    // what should be running first, then the orders still open (which may change it)
    resumeDevice(ctx, target)
      .then(() => deliverPendingCommands(ctx, target))
      .catch((error: unknown) =>
        ctx.log.error(
          { err: error, device: auth.deviceRowId },
          'could not resume a phone or deliver its commands',
        ),
      );
  });
}
