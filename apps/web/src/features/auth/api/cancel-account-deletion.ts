import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/auth/cancelDeletion: the e-mailed link keeps the account (decision 038); works once. */
export function useCancelAccountDeletion() {
  return useMutation({
    mutationFn: (token: string) => callApi('cancelAccountDeletion', { token }),
  });
}
