import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** POST getPlanes: the plan catalogue (spec 2 Planes, 7: "plan list"). It changes rarely. */
export const planesQueryOptions = queryOptions({
  queryKey: ['planes', 'list'],
  queryFn: ({ signal }) => callApi('getPlanes', {}, { signal }),
  staleTime: 5 * 60_000,
});

export function usePlanes() {
  return useQuery(planesQueryOptions);
}
