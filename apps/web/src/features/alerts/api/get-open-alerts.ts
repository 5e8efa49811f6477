import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** POST app/alertas/abiertas: the signed-in owner's open alerts (Home's banner). */
export const openAlertsQueryOptions = queryOptions({
  queryKey: ['alerts', 'open'],
  queryFn: async ({ signal }) => (await callApi('getOpenAlerts', {}, { signal })).alerts,
});

export function useOpenAlerts() {
  return useQuery(openAlertsQueryOptions);
}
