import { useMutation } from '@tanstack/react-query';
import type { BodyOf, changeEmail } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';

/**
 * POST /api/app/account/changeEmail (decision 034): with the password, a link goes to the new
 * address. Nothing of the user changes until that link is opened, so no cache is touched here.
 */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof changeEmail>) => callApi('changeEmail', body),
  });
}
