import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BodyOf, getToPayData } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';

/** POST getToPayData: the amount and detail text of a plan for 1, 6 or 12 months (spec 2, 4, 7). */
export function toPayDataQueryOptions(body: BodyOf<typeof getToPayData>) {
  return queryOptions({
    queryKey: ['planes', 'quote', body.plan_id, body.months_paid],
    queryFn: ({ signal }) => callApi('getToPayData', body, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useToPayData(body: BodyOf<typeof getToPayData>) {
  return useQuery({
    ...toPayDataQueryOptions(body),
    // while another period's price loads, the last one stays (dimmed) instead of jumping
    placeholderData: keepPreviousData,
  });
}
