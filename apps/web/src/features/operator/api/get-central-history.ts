import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@escudo/contract/browser';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

export const centralHistoryKey = ['operator', 'central', 'history'];

/** POST /api/operator/central/history: the closed events, newest closed first, 15 a page. */
export function useCentralHistory(page: number) {
  return useQuery({
    queryKey: [...centralHistoryKey, page],
    queryFn: ({ signal }) => callApi('getCentralHistory', { limit: PAGE_SIZE, page }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function refreshCentralHistory(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: centralHistoryKey });
}
