import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { startSession } from './login.ts';

/**
 * The verification page's new password (decision 050): set with the token its link's answer carried
 * (auth/resetPass), then signed in with it. Two-step sign-in was turned off by the proof, so the
 * answer is a session; should it not be, the person signs in on Login, where the second step is asked.
 */
export function useSetPasswordAndSignIn() {
  return useMutation({
    mutationFn: async (input: {
      email: string;
      password: string;
      password_confirmation: string;
      token: string;
    }) => {
      await callApi('resetPass', input);
      const answer = await callApi('login', { email: input.email, password: input.password });
      if ('access_token' in answer) startSession(answer.access_token);
      return { isSignedIn: 'access_token' in answer };
    },
  });
}
