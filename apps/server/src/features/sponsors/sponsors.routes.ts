import { getSponsorById } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import { describeSponsor } from './sponsors.service.ts';

export function registerSponsorRoutes(route: Route, ctx: AppContext): void {
  route(getSponsorById, ({ body }) => describeSponsor(ctx, body.unique_id));
}
