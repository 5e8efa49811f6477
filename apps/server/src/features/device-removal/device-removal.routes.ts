import { removeDevice } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import { clientOriginOf } from '../../lib/http/client-origin.ts';
import { removeUserDevice } from './device-removal.service.ts';

export function registerDeviceRemovalRoutes(route: Route, ctx: AppContext): void {
  route(removeDevice, ({ auth, body, request }) =>
    removeUserDevice(ctx, auth, body, clientOriginOf(request)),
  );
}
