import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/**
 * POST getOrderStatusByToken: the order the person just paid (or not) on Flow, by the token of the
 * return URL (spec 2 Planes, 4 Payment). The server asks Flow itself, so a successful answer is final.
 */
export function useOrderStatus(token: string | null) {
  return useQuery({
    queryKey: ['planes', 'order', token],
    queryFn: ({ signal }) => callApi('getOrderStatusByToken', { order_token: token! }, { signal }),
    enabled: token !== null,
    staleTime: Infinity,
  });
}
