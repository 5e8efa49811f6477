import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@escudo/contract/browser';
import { callApi } from '../../../lib/api-client.ts';

/** POST app/atenciones/getUserAtenciones (spec 7): one page of the customer's atenciones (spec 9: 15). */
export function useUserAtenciones(page: number) {
  return useQuery({
    queryKey: ['atenciones', 'list', page],
    queryFn: ({ signal }) => callApi('getUserAtenciones', { limit: PAGE_SIZE, page }, { signal }),
    placeholderData: keepPreviousData,
  });
}
