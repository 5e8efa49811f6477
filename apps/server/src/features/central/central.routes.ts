import { claimCentralEvent, getCentralQueue, releaseCentralEvent } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import * as central from './central.service.ts';

export function registerCentralRoutes(route: Route, ctx: AppContext): void {
  route(getCentralQueue, () => central.listQueue(ctx));
  route(claimCentralEvent, ({ auth, body }) => central.claimEvent(ctx, auth.userId, body.event_id));
  route(releaseCentralEvent, ({ auth, body }) => central.releaseEvent(ctx, auth.userId, body.event_id));
}
