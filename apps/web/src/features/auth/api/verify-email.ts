import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';

/**
 * POST /api/auth/verifyEmail: the link of a verification or e-mail change e-mail, opened without a
 * session. A signed-in panel in this browser loads the user again (the banner goes, the new e-mail
 * shows).
 */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) => callApi('verifyEmail', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
  });
}
