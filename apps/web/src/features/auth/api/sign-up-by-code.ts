import { useMutation } from '@tanstack/react-query';
import type { signUpByCode, BodyOf } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { authToken } from '../../../lib/auth-token.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';

/** POST /api/auth/signUpByCode: creates the account and answers a token, so the person is signed in. */
export function useSignUpByCode() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof signUpByCode>) => callApi('signUpByCode', body),
    onSuccess: ({ access_token }) => {
      queryClient.removeQueries({ queryKey: userQueryOptions.queryKey });
      authToken.set(access_token);
    },
  });
}
