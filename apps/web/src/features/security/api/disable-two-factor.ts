import { useMutation } from '@tanstack/react-query';
import type { BodyOf, twoFactorDisable } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';

/** POST app/account/twoFactor/disable: the password and a code turn two-step sign-in off. */
export function useDisableTwoFactor() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof twoFactorDisable>) => callApi('twoFactorDisable', body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: ['account', 'activity'] });
    },
  });
}
