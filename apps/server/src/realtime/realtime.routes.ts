import { PANEL_DEVICE_ID_PREFIX, createFirebaseAuthToken } from '@escudo/contract';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import type { Route } from '../lib/http/routes.ts';
import { createPanelToken } from './panel-token.ts';

export function registerRealtimeRoutes(route: Route, ctx: AppContext): void {
  // spec 7: the panel names itself with a fixed prefix and its user id; any other name is not its own
  route(createFirebaseAuthToken, async ({ auth, body }) => {
    if (body.device_id !== `${PANEL_DEVICE_ID_PREFIX}${auth.userId}`) {
      throw new AppError('VALIDATION', 'Identificador de panel inválido.', {
        device_id: `Debe ser ${PANEL_DEVICE_ID_PREFIX}${auth.userId}`,
      });
    }
    return { customToken: createPanelToken(ctx, auth) };
  });
}
