import { authToken } from '../../../lib/auth-token.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { openAlertsQueryOptions } from './get-open-alerts.ts';

/**
 * Asks for the owner's open alerts as Home's code is fetched (app/router.tsx), alongside the account's
 * details, so that the banner of an open alert is drawn with Home rather than a request later, when
 * it would push the cards down under a tap. Light on purpose: the entry script imports it, not the
 * banner. Nothing without a session.
 */
export function prefetchOpenAlerts(): void {
  if (authToken.get() !== null) void queryClient.prefetchQuery(openAlertsQueryOptions);
}
