import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/**
 * POST /api/auth/verifyEmail: the link of a verification e-mail, opened without a session. Opening it
 * is the first proof of the mailbox (decision 050): every session of the account ends, and the answer
 * carries the token with which the page sets the new password.
 */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) => callApi('verifyEmail', { token }),
  });
}
