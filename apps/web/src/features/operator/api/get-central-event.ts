import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** ours: an SOS sends a position every few seconds; the map follows at this pace */
const FOLLOW_MS = 5_000;

const eventKey = (eventId: number) => ['operator', 'central', 'event', eventId];

/** POST /api/operator/central/event: what handling the event needs, asked again while it is handled. */
export function useCentralEventDetail(eventId: number) {
  return useQuery({
    queryKey: eventKey(eventId),
    queryFn: ({ signal }) => callApi('getCentralEventDetail', { event_id: eventId }, { signal }),
    refetchInterval: (query) => (query.state.status === 'error' ? false : FOLLOW_MS),
    // a refusal (given back, taken by another, closed) is final: the screen says so
    retry: false,
  });
}

export function refreshCentralEventDetail(eventId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: eventKey(eventId) });
}
