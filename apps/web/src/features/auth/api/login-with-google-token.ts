import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { startSession } from './login.ts';

/**
 * POST /api/social-auth/loginWithGoogleToken: trades Google sign-in's single-use social_access_token
 * for a session token, stored like /auth/login's; the user starts loading (spec 2 Login, 7). With
 * two-step sign-in on, the answer is a challenge for the second step instead.
 */
export function useLoginWithGoogleToken() {
  return useMutation({
    mutationFn: (socialAccessToken: string) =>
      callApi('loginWithGoogleToken', { access_token: socialAccessToken }),
    onSuccess: (answer) => {
      if ('token' in answer) startSession(answer.token);
    },
  });
}
