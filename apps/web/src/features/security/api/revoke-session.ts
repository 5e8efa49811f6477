import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userSessionsQueryKey } from './get-user-sessions.ts';

/** POST app/account/revokeSession: ends one other session of the account (its panel goes to Login). */
export function useRevokeSession() {
  return useMutation({
    mutationFn: (sessionId: number) => callApi('revokeSession', { session_id: sessionId }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userSessionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['account', 'activity'] }),
      ]),
  });
}
