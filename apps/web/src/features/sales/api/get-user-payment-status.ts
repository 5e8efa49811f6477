import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/**
 * POST /api/app/sales/getUserPaymentStatus: one referred account's orders paid in `month` (the
 * period chosen in Resumen, spec 2 Sales) and my 20 % of them.
 */
export function useUserPaymentStatus(userId: number | null, month: number) {
  return useQuery({
    queryKey: ['sales', 'getUserPaymentStatus', userId, month],
    queryFn: ({ signal }) => callApi('getUserPaymentStatus', { user_id: userId ?? 0, month }, { signal }),
    enabled: userId !== null,
    // another month of the same account keeps its figures on screen while the next arrive
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === userId ? previous : undefined,
  });
}
