import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@escudo/contract/browser';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/app/sales/getStatus: my sales status and one page (spec 9: 15) of my referred accounts. */
export function salesStatusQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['sales', 'getStatus', page],
    queryFn: ({ signal }) => callApi('getSalesStatus', { limit: PAGE_SIZE, page }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSalesStatus(page: number) {
  return useQuery(salesStatusQueryOptions(page));
}
