import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** GET /api/sponsor/getSponsorById?unique_id=…: who sponsors the sign-up link, and its plan (decision 021). */
export function useSponsorById(uniqueId: string | null) {
  return useQuery({
    queryKey: ['sponsor', 'getSponsorById', uniqueId],
    queryFn: ({ signal }) => callApi('getSponsorById', { unique_id: uniqueId ?? '' }, { signal }),
    enabled: Boolean(uniqueId),
    // an unknown or disabled sponsor stays so: say it at once
    retry: false,
    staleTime: Infinity,
  });
}
