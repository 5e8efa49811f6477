import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';

/** POST /api/app/account/cancelEmailChange (decision 050): the change under way is dropped */
export function useCancelEmailChange() {
  return useMutation({
    mutationFn: () => callApi('cancelEmailChange', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
  });
}
