import type { changeLostStatus as changeLostStatusEndpoint, BodyOf } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { lostPhoneConfigQueryOptions } from './get-lost-my-phone-data.ts';

/** POST changeStatus: records lost mode once the phone answered (spec 4), by internal device id (spec 7). */
export async function changeLostStatus(body: BodyOf<typeof changeLostStatusEndpoint>) {
  const { config } = await callApi('changeLostStatus', body);
  queryClient.setQueryData(lostPhoneConfigQueryOptions.queryKey, (items) =>
    items?.map((item) => (item.id === config.id ? config : item)),
  );
  void queryClient.invalidateQueries({ queryKey: lostPhoneConfigQueryOptions.queryKey });
}
