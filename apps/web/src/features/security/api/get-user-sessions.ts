import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

export const userSessionsQueryKey = ['account', 'sessions'] as const;

/** POST app/account/sessions (decision 036): where the account is signed in, this browser included. */
export function useUserSessions() {
  return useQuery({
    queryKey: userSessionsQueryKey,
    queryFn: ({ signal }) => callApi('accountSessions', {}, { signal }).then((answer) => answer.sessions),
    // another browser may have signed in since: read it again each time the page shows it
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
