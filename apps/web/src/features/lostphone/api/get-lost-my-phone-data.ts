import { queryOptions, useQuery } from '@tanstack/react-query';
import type { getLostMyPhoneData } from '@escudo/contract';
import { routes } from '@escudo/contract/browser';
import { callApi } from '../../../lib/api-client.ts';

/** POST getLostMyPhoneData: whether lost mode is on, for each device of the account (spec 4, 7). */
export const lostPhoneConfigQueryOptions = queryOptions({
  queryKey: ['lostphone', 'config'],
  queryFn: async ({ signal }) =>
    (await callApi<typeof getLostMyPhoneData>(routes.getLostMyPhoneData, {}, { signal })).config,
  // the dialog shows the state when it opens: never trust an old copy
  staleTime: 0,
});

export function useLostPhoneConfig(enabled: boolean) {
  return useQuery({ ...lostPhoneConfigQueryOptions, enabled });
}
