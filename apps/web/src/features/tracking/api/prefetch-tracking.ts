import { authToken } from '../../../lib/auth-token.ts';
import { configQueryOptions } from '../../../lib/config/get-config.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { prefetchForSelectedDevice } from '../../../lib/session/selected-device.ts';
import { trackingsQueryOptions } from './get-trackings.ts';

/**
 * Asks for what Tracking shows first (the selected phone's first page of routes, the map's settings)
 * as its route starts (app/router.tsx), while the page's code downloads, rather than from the page's
 * first render: the answers are there sooner, and the page's first effects do not start requests or
 * the realtime link on the main thread just after its first paint (decision 048). The routes are asked for
 * only once their live points are followed (follow-trackings.ts), so none that arrives before the page
 * mounts is lost. Light on purpose: the entry script imports it, and the realtime client comes with
 * the follower's own chunk.
 */
export function prefetchTracking(): void {
  if (authToken.get() === null) return;
  void queryClient.prefetchQuery(configQueryOptions);
  prefetchForSelectedDevice(
    async () => (await import('./follow-trackings.ts')).followTrackings,
    // the page opens on its first page of routes (tracking-page.tsx)
    (device) => void queryClient.prefetchQuery(trackingsQueryOptions(device.device_id, 1)),
  );
}
