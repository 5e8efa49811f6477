import { changeTrackingStatus, getTrackings } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import { clientOriginOf } from '../../lib/http/client-origin.ts';
import * as tracking from './tracking.service.ts';

export function registerTrackingRoutes(route: Route, ctx: AppContext): void {
  route(changeTrackingStatus, ({ auth, body, request }) =>
    tracking.changeTrackingStatus(
      ctx,
      auth.userId,
      body.device_id,
      body.trackingStatus,
      clientOriginOf(request),
    ),
  );
  route(getTrackings, ({ auth, body }) => tracking.listTrackings(ctx, auth.userId, body.device_id, body));
}
