import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CentralEvent } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** POST /api/operator/central/queue: every open and taken event, and who the caller is. */
export const centralQueueQueryOptions = queryOptions({
  queryKey: ['operator', 'central', 'queue'],
  queryFn: ({ signal }) => callApi('getCentralQueue', {}, { signal }),
});

export function useCentralQueue() {
  return useQuery(centralQueueQueryOptions);
}

/** the queue's order (decision 062): highest priority first, then oldest first */
const byQueueOrder = (a: CentralEvent, b: CentralEvent) =>
  b.priority - a.priority || a.created_at.localeCompare(b.created_at) || a.id - b.id;

/**
 * An event as it now stands, heard live (`centralEvent`) or answered to a call of this screen: put in
 * its place in the queue, or taken out once closed. Whether it is new to this screen is answered, so
 * that only a new one rings.
 */
export function applyCentralEvent(event: CentralEvent): { isNew: boolean } {
  let isNew = false;
  queryClient.setQueryData(centralQueueQueryOptions.queryKey, (queue) => {
    if (!queue) return queue;
    const others = queue.events.filter((known) => known.id !== event.id);
    isNew = others.length === queue.events.length && event.status !== 'closed';
    const events = event.status === 'closed' ? others : [...others, event].sort(byQueueOrder);
    return { ...queue, events };
  });
  return { isNew };
}

export function refreshCentralQueue(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: centralQueueQueryOptions.queryKey });
}
