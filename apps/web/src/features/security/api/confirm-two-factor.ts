import { useMutation } from '@tanstack/react-query';
import type { BodyOf, twoFactorConfirm } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';

/**
 * POST app/account/twoFactor/confirm: a code of the started secret turns two-step sign-in on; the
 * answer's recovery codes are shown only this once. The user (two_factor_enabled) and the activity
 * log are read again.
 */
export function useConfirmTwoFactor() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof twoFactorConfirm>) => callApi('twoFactorConfirm', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: ['account', 'activity'] });
    },
  });
}
