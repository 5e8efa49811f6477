import { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from './api-client.ts';

/**
 * One cache for the whole panel. Only failures that may pass on their own (network, 5xx) are retried,
 * once: a 4xx will answer the same again, and a time-out already made the person wait 10 s.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => failureCount < 1 && isTransient(error),
    },
    mutations: { retry: false },
  },
});

function isTransient(error: unknown): boolean {
  if (!isApiRequestError(error)) return false;
  return error.code === 'NETWORK' || error.status >= 500;
}
