import { useMutation } from '@tanstack/react-query';
import type { login, BodyOf } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { authToken } from '../../../lib/auth-token.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';

/** POST /api/auth/login; on success the token is stored and the user starts loading (spec 4). */
export function useLogin() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof login>) => callApi('login', body),
    onSuccess: ({ access_token }) => {
      queryClient.removeQueries({ queryKey: userQueryOptions.queryKey });
      authToken.set(access_token);
      void queryClient.prefetchQuery(userQueryOptions);
    },
  });
}
