import { cancelAccountDeletion, deleteAccount } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import { clientOriginOf } from '../../lib/http/client-origin.ts';
import { cancelDeletion, requestDeletion } from './deletion.service.ts';

export function registerDeletionRoutes(route: Route, ctx: AppContext): void {
  route(deleteAccount, ({ auth, body, request }) =>
    requestDeletion(ctx, auth, body, clientOriginOf(request)),
  );
  route(cancelAccountDeletion, ({ body, request }) =>
    cancelDeletion(ctx, body.token, clientOriginOf(request)),
  );
}
