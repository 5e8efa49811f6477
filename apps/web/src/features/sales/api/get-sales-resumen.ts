import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/app/sales/getSalesResumen: one month's summary (1–12, the latest such month). */
export function useSalesResumen(month: number) {
  return useQuery({
    queryKey: ['sales', 'getSalesResumen', month],
    queryFn: ({ signal }) => callApi('getSalesResumen', { month }, { signal }),
    // the previous month's figures stay while the next arrive, so the page does not jump
    placeholderData: keepPreviousData,
  });
}
