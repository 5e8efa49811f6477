import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/**
 * POST app/alertas/deMisRedes: the open alerts of the networks the signed-in user belongs to. Read
 * when the panel opens, since the realtime `alertChanged` only tells of changes after that.
 */
export const networkAlertsQueryOptions = queryOptions({
  queryKey: ['alerts', 'network'],
  queryFn: async ({ signal }) => (await callApi('getNetworkOpenAlerts', {}, { signal })).alerts,
});

export function useNetworkAlerts() {
  return useQuery(networkAlertsQueryOptions);
}
