/**
 * The phones' `routePoints`, bounded by each phone's rate (docs/device-protocol.md section 4) and by
 * MAX_PENDING_ROUTE_WRITES messages waiting for the database. Past that, a quick refusal (the phone resends
 * later) beats a queue delaying every phone (bench/RESULTS.md "Tracking": past saturation, points stored a
 * second fell 40%).
 * Checked first, so a refused message does not use up the phone's rate.
 */
import { TRACKING_MAX_POINTS_PER_MESSAGE, TRACKING_MAX_POINTS_PER_SECOND } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DeviceSocket, RealtimeMessages } from '../../lib/realtime/messages.ts';
import { createRateLimiter } from '../../lib/realtime/rate-limiter.ts';
import { addRoutePoints } from './tracking.service.ts';

export function registerTrackingMessages(messages: RealtimeMessages, ctx: AppContext): void {
  let pendingWrites = 0;
  // each phone's own rate of points lives as long as its socket
  const rates = new WeakMap<DeviceSocket, ReturnType<typeof createRateLimiter>>();
  messages.device.on('routePoints', async ({ tracking_id, points }, { auth, socket }) => {
    if (pendingWrites >= ctx.env.MAX_PENDING_ROUTE_WRITES) throw new AppError('SERVER_BUSY');
    let rate = rates.get(socket);
    if (!rate) {
      rate = createRateLimiter(TRACKING_MAX_POINTS_PER_SECOND, TRACKING_MAX_POINTS_PER_MESSAGE);
      rates.set(socket, rate);
    }
    if (!rate.take(points.length)) {
      throw new AppError(
        'RATE_LIMITED',
        `Demasiados puntos de ruta: como máximo ${TRACKING_MAX_POINTS_PER_SECOND} por segundo.`,
      );
    }
    pendingWrites += 1;
    try {
      await addRoutePoints(ctx, auth, tracking_id, points);
    } finally {
      pendingWrites -= 1;
    }
  });
}
