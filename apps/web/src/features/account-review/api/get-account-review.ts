import { useQuery } from '@tanstack/react-query';
import type { AccountReview } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';

export const accountReviewQueryKey = ['account', 'review'] as const;

/** POST app/account/review: what the reclaimed account's owner has yet to answer (decision 050) */
export function useAccountReview() {
  return useQuery({
    queryKey: accountReviewQueryKey,
    queryFn: ({ signal }) => callApi('accountReview', {}, { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/**
 * What every answer of the review does with what comes back (what is left): shown at once, and once
 * nothing is, the user is loaded again, which opens the signed-in layout's gate
 */
export async function showWhatIsLeft(review: AccountReview): Promise<void> {
  queryClient.setQueryData(accountReviewQueryKey, review);
  if (!review.pending) await queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
}
