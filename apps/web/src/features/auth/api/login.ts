import { useMutation } from '@tanstack/react-query';
import type { login, BodyOf } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { authToken } from '../../../lib/auth-token.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';

/**
 * POST /api/auth/login; a session's token is stored and the user starts loading (spec 4). With
 * two-step sign-in on, the answer is a challenge instead, which the page trades with a code
 * (login-two-factor.ts).
 */
export function useLogin() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof login>) => callApi('login', body),
    onSuccess: (answer) => {
      if (!('access_token' in answer)) return;
      startSession(answer.access_token);
    },
  });
}

/** stores a new session's token and starts loading its user (Login, its second step, Google's return) */
export function startSession(token: string) {
  queryClient.removeQueries({ queryKey: userQueryOptions.queryKey });
  authToken.set(token);
  void queryClient.prefetchQuery(userQueryOptions);
}
