import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LostPhoneInfoItem } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** Every phone's list: what the realtime link's return asks for again (follow-lost-reports.ts). */
export const lostPhoneInfoKeyPrefix = ['lostphone', 'info'] as const;

/**
 * POST getLostMyPhoneInfo: a lost phone's reports, newest first (spec 7). The photos' signed links
 * expire after 30 minutes, so asking again (the page's 'Recargar') also renews them.
 */
export function lostPhoneInfoQueryOptions(deviceId: string) {
  return queryOptions({
    queryKey: [...lostPhoneInfoKeyPrefix, deviceId],
    queryFn: async ({ signal }) =>
      (await callApi('getLostMyPhoneInfo', { device_id: deviceId }, { signal })).info,
  });
}

/**
 * The page's list. It asks again on mount only when the list is stale: from the page's first visit
 * on, live reports join the cached lists whatever page is open (follow-lost-reports.ts).
 */
export function useLostPhoneInfo(deviceId: string | null) {
  return useQuery({ ...lostPhoneInfoQueryOptions(deviceId ?? ''), enabled: deviceId !== null });
}

/**
 * A report that arrived in realtime (`lostReport`) joins the list without asking the server. While
 * the list is still being fetched, that fetch may have been answered before the report was stored,
 * and its answer would replace anything merged meanwhile: then the list is asked for again instead.
 * (Merging into nothing used to drop the report: a page opened as reports arrived showed 1 of 3 until
 * the next report, an hour later in lost mode.)
 */
export function addLostPhoneReport(deviceId: string, report: LostPhoneInfoItem): void {
  const { queryKey } = lostPhoneInfoQueryOptions(deviceId);
  const state = queryClient.getQueryState(queryKey);
  if (state === undefined) return; // nobody asked for this phone's list: it will come from the server
  if (state.data === undefined || state.fetchStatus === 'fetching') {
    // A fetch in flight is not restarted by invalidation alone while there is no data yet: cancel it.
    // 'all': the fetch may be the route's, made before the page is there to observe it.
    void queryClient
      .cancelQueries({ queryKey })
      .then(() => queryClient.invalidateQueries({ queryKey, refetchType: 'all' }));
    return;
  }
  queryClient.setQueryData(queryKey, (reports) =>
    reports ? [report, ...reports.filter((existing) => existing.id !== report.id)] : reports,
  );
}
