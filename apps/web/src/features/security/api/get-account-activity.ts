import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@escudo/contract/browser';
import { callApi } from '../../../lib/api-client.ts';

/** POST app/account/activity (decision 036): one page of the account's activity, newest first. */
export function useAccountActivity(page: number) {
  return useQuery({
    queryKey: ['account', 'activity', page],
    queryFn: ({ signal }) => callApi('accountActivity', { limit: PAGE_SIZE, page }, { signal }),
    placeholderData: keepPreviousData,
  });
}
