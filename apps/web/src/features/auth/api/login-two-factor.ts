import { useMutation } from '@tanstack/react-query';
import type { loginTwoFactor, BodyOf } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { startSession } from './login.ts';

/** POST /api/auth/loginTwoFactor: sign-in's second step, the challenge and a code give the session. */
export function useLoginTwoFactor() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof loginTwoFactor>) => callApi('loginTwoFactor', body),
    onSuccess: ({ access_token }) => startSession(access_token),
  });
}
