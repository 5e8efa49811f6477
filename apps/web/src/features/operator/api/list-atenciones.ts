import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@escudo/contract/browser';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** POST /api/operator/atenciones/list: the most recent atenciones of every operator, 15 a page. */
export function useOperatorAtenciones(page: number) {
  return useQuery({
    queryKey: ['operator', 'atenciones', page],
    queryFn: ({ signal }) => callApi('listOperatorAtenciones', { limit: PAGE_SIZE, page }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function refreshOperatorAtenciones(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['operator', 'atenciones'] });
}
