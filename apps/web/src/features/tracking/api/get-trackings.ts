import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RoutePoint, Tracking } from '@escudo/contract';
import { PAGE_SIZE } from '@escudo/contract/browser';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** POST getTrackings (docs/api.md): one page of a device's routes (spec 9: 15), and the active one. */
export function trackingsQueryOptions(deviceId: string, page: number) {
  return queryOptions({
    queryKey: ['trackings', deviceId, page],
    queryFn: ({ signal }) =>
      callApi('getTrackings', { device_id: deviceId, limit: PAGE_SIZE, page }, { signal }),
  });
}

/**
 * The page's routes. Live points, starts and ends reach every cached page from Tracking's first visit
 * on, whatever page is open (follow-trackings.ts).
 */
export function useTrackings(deviceId: string, page: number) {
  return useQuery({ ...trackingsQueryOptions(deviceId, page), placeholderData: keepPreviousData });
}

/** Live points (`trackingPoints`) join the active route of every cached page without a request. */
export function appendActivePoints(deviceId: string, trackingId: number, points: RoutePoint[]): void {
  const append = (tracking: Tracking): Tracking =>
    tracking.id === trackingId ? { ...tracking, route: [...tracking.route, ...points] } : tracking;
  queryClient.setQueriesData<Awaited<ReturnType<typeof callApi<'getTrackings'>>>>(
    { queryKey: ['trackings', deviceId] },
    (data) =>
      data && {
        ...data,
        active: data.active ? append(data.active) : data.active,
        tracking: data.tracking.map(append),
      },
  );
}

/** After a route starts or ends, the list is asked again. */
export function refreshTrackings(deviceId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['trackings', deviceId] });
}
