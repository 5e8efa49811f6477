import { queryOptions, useQuery } from '@tanstack/react-query';
import type { getConfig } from '@escudo/contract';
import { routes } from '@escudo/contract/browser';
import { callApi } from '../api-client.ts';

/** Public settings (brand, store and app-link URLs, Google sign-in): they change only on a deploy. */
export const configQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => callApi<typeof getConfig>(routes.getConfig, undefined, { signal }),
  staleTime: Infinity,
});

export function useConfig() {
  return useQuery(configQueryOptions);
}
