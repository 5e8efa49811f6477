import {
  assignCentralEvent,
  claimCentralEvent,
  closeCentralEvent,
  getCentralHistory,
  getCentralOperators,
  getCentralEventDetail,
  getCentralQueue,
  openCentralAtencion,
  releaseCentralEvent,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import * as central from './central.service.ts';
import { openEventAtencion, readEventDetail } from './central.handling.ts';

export function registerCentralRoutes(route: Route, ctx: AppContext): void {
  route(getCentralQueue, ({ auth }) => central.listQueue(ctx, auth.userId));
  route(claimCentralEvent, ({ auth, body }) => central.claimEvent(ctx, auth.userId, body.event_id));
  route(releaseCentralEvent, ({ auth, body }) => central.releaseEvent(ctx, auth.userId, body.event_id));
  route(closeCentralEvent, ({ auth, body }) => central.closeEvent(ctx, auth.userId, body));
  route(getCentralHistory, ({ body }) => central.listHistory(ctx, body));
  route(getCentralOperators, () => central.listOperators(ctx));
  route(assignCentralEvent, ({ auth, body }) => central.assignEvent(ctx, auth.userId, body));
  route(getCentralEventDetail, ({ auth, body }) => readEventDetail(ctx, auth.userId, body.event_id));
  route(openCentralAtencion, ({ auth, body }) => openEventAtencion(ctx, auth.userId, body.event_id));
}
