import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';

/**
 * POST /api/app/account/resendVerification: a new link to the account's e-mail (1 a minute, 5 a day).
 * When the e-mail turns out to be verified already, the user is loaded again and the banner goes.
 */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => callApi('resendVerification', {}),
    onSuccess: (answer) => {
      if (answer.status === 'already_verified')
        return queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
    },
  });
}
