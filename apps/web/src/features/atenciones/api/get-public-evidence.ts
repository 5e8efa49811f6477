import { useQuery } from '@tanstack/react-query';
import { callApi, isApiRequestError } from '../../../lib/api-client.ts';

/**
 * GET /api/public/evidence/{token}: the shared evidence page's data, no sign-in. Unknown (404) or
 * revoked/expired (410) links are not asked again.
 */
export function usePublicEvidence(token: string) {
  return useQuery({
    queryKey: ['atenciones', 'public', token],
    queryFn: ({ signal }) => callApi('getPublicEvidence', undefined, { signal, params: { token } }),
    retry: (failureCount, error) =>
      !(isApiRequestError(error) && (error.status === 404 || error.status === 410)) && failureCount < 2,
  });
}
