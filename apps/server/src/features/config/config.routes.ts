import { getConfig } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Route } from '../../lib/http/routes.ts';
import { usesFlowSandbox } from '../payments/flow-setup.ts';

/** Public settings only: nothing secret may ever be added here, the browser reads it. */
export function registerConfigRoutes(route: Route, ctx: AppContext): void {
  const { env } = ctx;
  const config = {
    brand_name: env.BRAND_NAME,
    google_sign_in: env.googleSignIn,
    google_sign_in_url: '/api/social-oauth/google',
    play_store_url: env.PLAY_STORE_URL,
    app_store_url: env.APP_STORE_URL,
    app_link_url: env.APP_LINK_URL,
    privacy_url: env.PRIVACY_URL,
    terms_url: env.TERMS_URL,
    map_tile_url: env.MAP_TILE_URL,
    map_attribution: env.MAP_ATTRIBUTION,
    // the panel says "pagos de prueba" near every way to pay (decision 008)
    payments_sandbox: usesFlowSandbox(env),
  };
  route(getConfig, async () => config);
}
