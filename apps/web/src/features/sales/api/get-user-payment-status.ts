import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/app/sales/getUserPaymentStatus: one referred account's paid orders and my 20 % of them. */
export function useUserPaymentStatus(userId: number | null) {
  return useQuery({
    queryKey: ['sales', 'getUserPaymentStatus', userId],
    queryFn: ({ signal }) => callApi('getUserPaymentStatus', { user_id: userId ?? 0 }, { signal }),
    enabled: userId !== null,
  });
}
