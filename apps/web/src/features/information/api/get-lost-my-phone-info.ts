import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LostPhoneInfoItem } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

/**
 * POST getLostMyPhoneInfo: a lost phone's reports, newest first (spec 7). The photos' signed links
 * expire after 30 minutes, so asking again (the page's 'Recargar') also renews them.
 */
export function lostPhoneInfoQueryOptions(deviceId: string) {
  return queryOptions({
    queryKey: ['lostphone', 'info', deviceId],
    queryFn: async ({ signal }) =>
      (await callApi('getLostMyPhoneInfo', { device_id: deviceId }, { signal })).info,
  });
}

export function useLostPhoneInfo(deviceId: string | null) {
  return useQuery({
    ...lostPhoneInfoQueryOptions(deviceId ?? ''),
    enabled: deviceId !== null,
    // live reports are merged only while the page is open: whatever came while it was not (on Home,
    // or while its code was loading) is in the server's list, so the page always asks again
    refetchOnMount: 'always',
  });
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
  if (state?.data === undefined || state.fetchStatus === 'fetching') {
    // a fetch in flight is not restarted by invalidation alone while there is no data yet: cancel it
    void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
    return;
  }
  queryClient.setQueryData(queryKey, (reports) =>
    reports ? [report, ...reports.filter((existing) => existing.id !== report.id)] : reports,
  );
}
