import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** POST getLostMyPhoneData: whether lost mode is on, for each device of the account (spec 4, 7). */
export const lostPhoneConfigQueryOptions = queryOptions({
  queryKey: ['lostphone', 'config'],
  queryFn: async ({ signal }) => (await callApi('getLostMyPhoneData', {}, { signal })).config,
  // the dialog shows the state when it opens: never trust an old copy
  staleTime: 0,
});

export function useLostPhoneConfig(enabled: boolean) {
  return useQuery({ ...lostPhoneConfigQueryOptions, enabled });
}
