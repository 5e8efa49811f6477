import { authToken } from '../../../lib/auth-token.ts';
import { configQueryOptions } from '../../../lib/config/get-config.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { planesQueryOptions } from './get-planes.ts';

/**
 * Asks for the plan catalogue and the public settings as Planes' route starts (app/router.tsx), while
 * the page's code downloads: the cards come sooner, and the page's first effects start no requests on
 * the main thread just after its first paint (issue 31). Light on purpose: the entry script imports it.
 */
export function prefetchPlanes(): void {
  if (authToken.get() === null) return;
  void queryClient.prefetchQuery(planesQueryOptions);
  void queryClient.prefetchQuery(configQueryOptions);
}
