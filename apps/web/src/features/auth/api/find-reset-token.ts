import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/auth/find: is this reset link still good, and for which e-mail? */
export function useFindResetToken(token: string) {
  return useQuery({
    queryKey: ['reset-token', token],
    queryFn: async ({ signal }) => (await callApi('findResetToken', { token }, { signal })).data,
    // an invalid link stays invalid; asking again would only delay the message
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
