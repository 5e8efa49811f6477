import type { AppContext } from '../context.ts';
import type { DeviceSocket, RealtimeMessages } from '../lib/realtime/messages.ts';
import { createRouteIntake } from './tracking.service.ts';

export function registerTrackingMessages(messages: RealtimeMessages, ctx: AppContext): void {
  const intake = createRouteIntake(ctx);
  // each phone's own rate of points lives as long as its socket
  const phones = new WeakMap<DeviceSocket, ReturnType<typeof intake>>();
  messages.device.on('routePoints', async ({ tracking_id, points }, { auth, socket }) => {
    let receive = phones.get(socket);
    if (!receive) phones.set(socket, (receive = intake(auth)));
    await receive(tracking_id, points);
  });
}
