import { useMutation } from '@tanstack/react-query';
import type { BodyOf, changeEmail } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';

/**
 * POST /api/app/account/changeEmail (decision 050): with the password, a link goes to the new address
 * and a notice to the current one. The e-mail stays as it is; the user is loaded again for the change
 * under way, which the profile shows.
 */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof changeEmail>) => callApi('changeEmail', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
  });
}
