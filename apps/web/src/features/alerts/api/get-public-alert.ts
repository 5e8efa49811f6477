import { useQuery } from '@tanstack/react-query';
import { ALERT_PAGE_POLL_MS } from '@escudo/contract/browser';
import { callApi, isApiRequestError } from '../../../lib/api-client.ts';

/**
 * The link no longer works, for good: unknown (404), expired, or its holder left the network (410).
 * Even a page showing the alert stops there: a removed member must not keep the last positions.
 */
export const isClosedLink = (error: unknown) =>
  isApiRequestError(error) && (error.status === 404 || error.status === 410);

/**
 * GET /api/public/alerts/{token}: the open alert page's data, no sign-in. While the alert is open it
 * is asked again every ALERT_PAGE_POLL_MS (the page's live update: the link's visitor has no session,
 * so no realtime link); once ended, or closed (isClosedLink), never again.
 */
export function usePublicAlert(token: string) {
  return useQuery({
    queryKey: ['alerts', 'public', token],
    queryFn: ({ signal }) => callApi('getPublicAlert', undefined, { signal, params: { token } }),
    refetchInterval: (query) =>
      query.state.data?.open === false || isClosedLink(query.state.error) ? false : ALERT_PAGE_POLL_MS,
    refetchIntervalInBackground: true,
    retry: (failureCount, error) => !isClosedLink(error) && failureCount < 2,
  });
}
