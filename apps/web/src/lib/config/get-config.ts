import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client.ts';

/**
 * Public settings (brand, store and app-link URLs, Google sign-in, whether payments are tests): they
 * change only on a deploy.
 */
export const configQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => callApi('getConfig', undefined, { signal }),
  staleTime: Infinity,
});

export function useConfig() {
  return useQuery(configQueryOptions);
}
