import { registerDevice, renameDevice } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import { registerUserDevice, renameUserDevice } from './devices.service.ts';

export function registerDeviceRoutes(route: Route, ctx: AppContext): void {
  route(registerDevice, ({ auth, body }) => registerUserDevice(ctx, auth.userId, body));
  route(renameDevice, ({ auth, body }) => renameUserDevice(ctx, auth.userId, body));
}
