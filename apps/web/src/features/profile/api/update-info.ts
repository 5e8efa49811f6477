import { useMutation } from '@tanstack/react-query';
import type { BodyOf, updateInfo } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';

/**
 * POST /api/app/user/updateInfo (spec 7). On success the user is loaded again, so the sidebar and the
 * header show the new name at once.
 */
export function useUpdateInfo() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof updateInfo>) => callApi('updateInfo', body),
    onSuccess: (_, body) => {
      queryClient.setQueryData(userQueryOptions.queryKey, (user) =>
        user ? { ...user, name: body.name, email: body.email } : user,
      );
      return queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
    },
  });
}
