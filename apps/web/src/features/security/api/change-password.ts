import { useMutation } from '@tanstack/react-query';
import type { BodyOf, changePassword } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userSessionsQueryKey } from './get-user-sessions.ts';

/** POST app/account/changePassword: a new password; the server ends every other session. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof changePassword>) => callApi('changePassword', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userSessionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['account', 'activity'] }),
      ]),
  });
}
