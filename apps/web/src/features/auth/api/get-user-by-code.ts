import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/auth/getUserByCode: who invites me to their security network (decision 015). */
export function useInviterByCode(code: string | null) {
  return useQuery({
    queryKey: ['auth', 'getUserByCode', code],
    queryFn: ({ signal }) => callApi('getUserByCode', { code: code ?? '' }, { signal }),
    enabled: Boolean(code),
    // an invalid code stays invalid: say so at once
    retry: false,
    staleTime: Infinity,
  });
}
