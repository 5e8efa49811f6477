import { useMutation } from '@tanstack/react-query';
import type { BodyOf, deleteAccount } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';

/**
 * POST app/account/delete (decision 038): schedules the account's deletion in 7 days. The server
 * ends every session on success, so the caller forgets this one and goes to Login.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof deleteAccount>) => callApi('deleteAccount', body),
  });
}
