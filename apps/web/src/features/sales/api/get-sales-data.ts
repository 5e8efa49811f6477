import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/app/sales/getSalesData: the commission percent and my payout account. */
export const salesDataQueryOptions = queryOptions({
  queryKey: ['sales', 'getSalesData'],
  queryFn: ({ signal }) => callApi('getSalesData', {}, { signal }).then((answer) => answer.salesData),
});

export function useSalesData() {
  return useQuery(salesDataQueryOptions);
}
