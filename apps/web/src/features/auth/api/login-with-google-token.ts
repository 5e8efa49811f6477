import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { authToken } from '../../../lib/auth-token.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';

/**
 * POST /api/social-auth/loginWithGoogleToken: trades Google sign-in's single-use social_access_token
 * for a session token, stored like /auth/login's; the user starts loading (spec 2 Login, 7).
 */
export function useLoginWithGoogleToken() {
  return useMutation({
    mutationFn: (socialAccessToken: string) =>
      callApi('loginWithGoogleToken', { access_token: socialAccessToken }),
    onSuccess: ({ token }) => {
      queryClient.removeQueries({ queryKey: userQueryOptions.queryKey });
      authToken.set(token);
      void queryClient.prefetchQuery(userQueryOptions);
    },
  });
}
