import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@escudo/contract';
import { callApi } from '../api-client.ts';
import { useHasSession } from '../auth-token.ts';

export const userQueryOptions = queryOptions({
  queryKey: ['user'],
  queryFn: async ({ signal }) => (await callApi('userDetails', {}, { signal })).user,
});

/** The signed-in user (info, devices, plan); idle while nobody is signed in. */
export function useUser() {
  const hasSession = useHasSession();
  return useQuery({ ...userQueryOptions, enabled: hasSession });
}

/**
 * The user for pages under the signed-in layout, which renders them only once the user has loaded.
 * Throwing here means a page was mounted outside that layout: a programming error, not a user's.
 */
export function useSignedInUser(): User {
  const { data } = useUser();
  if (!data) throw new Error('useSignedInUser() used outside the signed-in layout');
  return data;
}
