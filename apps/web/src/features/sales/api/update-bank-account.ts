import { useMutation } from '@tanstack/react-query';
import type { BodyOf, updateBankAccount } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { salesDataQueryOptions } from './get-sales-data.ts';

/** POST /api/app/sales/updateBankAccount: the account commissions are paid to (decision 020). */
export function useUpdateBankAccount() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof updateBankAccount>) => callApi('updateBankAccount', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesDataQueryOptions.queryKey }),
  });
}
