import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userSessionsQueryKey } from './get-user-sessions.ts';

/** POST app/account/revokeOtherSessions: ends every session of the account but this one. */
export function useRevokeOtherSessions() {
  return useMutation({
    mutationFn: () => callApi('revokeOtherSessions', {}),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userSessionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['account', 'activity'] }),
      ]),
  });
}
