import { queryOptions, useQuery } from '@tanstack/react-query';
import type { getLostMyPhoneInfo, LostPhoneInfoItem } from '@escudo/contract';
import { routes } from '@escudo/contract/browser';
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
      (
        await callApi<typeof getLostMyPhoneInfo>(
          routes.getLostMyPhoneInfo,
          { device_id: deviceId },
          { signal },
        )
      ).info,
  });
}

export function useLostPhoneInfo(deviceId: string | null) {
  return useQuery({ ...lostPhoneInfoQueryOptions(deviceId ?? ''), enabled: deviceId !== null });
}

/** A report that arrived in realtime (`lostReport`) joins the list without asking the server. */
export function addLostPhoneReport(deviceId: string, report: LostPhoneInfoItem): void {
  queryClient.setQueryData(lostPhoneInfoQueryOptions(deviceId).queryKey, (reports) =>
    reports ? [report, ...reports.filter((existing) => existing.id !== report.id)] : reports,
  );
}
