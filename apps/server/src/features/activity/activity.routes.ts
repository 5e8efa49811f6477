import { accountActivity } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import { listActivity } from './activity.service.ts';

export function registerActivityRoutes(route: Route, ctx: AppContext): void {
  route(accountActivity, ({ auth, body }) => listActivity(ctx, auth.userId, body));
}
