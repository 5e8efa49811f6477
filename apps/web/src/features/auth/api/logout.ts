import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { endSession } from '../../../lib/session/end-session.ts';

/**
 * POST /api/auth/logout (revokes the token on the server) and forget the session here. The request
 * leaves with the token first; the browser forgets it at once, without waiting, because signing out of
 * this browser must never depend on the server answering. A failure is ignored (spec brief).
 */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      const revocation = callApi('logout', {});
      endSession();
      await revocation.catch(() => undefined);
    },
  });
}
