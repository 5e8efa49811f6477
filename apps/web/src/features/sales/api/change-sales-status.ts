import { useMutation } from '@tanstack/react-query';
import { SALES_ACTIVATION_REASON, SALES_STATUS_ACTIVE } from '@escudo/contract/browser';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** POST /api/app/sales/changeStatus (spec 4 Sales): activation, then the status is read again. */
export function useActivateSales() {
  return useMutation({
    mutationFn: () =>
      callApi('changeSalesStatus', { status: SALES_STATUS_ACTIVE, suspend_reason: SALES_ACTIVATION_REASON }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sales', 'getStatus'] }),
  });
}
