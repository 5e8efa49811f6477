import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';

/**
 * POST /api/app/account/confirmEmailChange: the new address's link, opened signed in (decision 050).
 * The user is loaded again: their e-mail, or the change still waiting, shows in the profile.
 */
export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: (token: string) => callApi('confirmEmailChange', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
  });
}
