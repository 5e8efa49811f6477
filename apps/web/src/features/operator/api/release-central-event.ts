import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { applyCentralEvent, refreshCentralQueue } from './get-central-queue.ts';

/** POST /api/operator/central/release: gives the event back to the queue. */
export function useReleaseCentralEvent() {
  return useMutation({
    mutationFn: (eventId: number) => callApi('releaseCentralEvent', { event_id: eventId }),
    onSuccess: ({ event }) => void applyCentralEvent(event),
    onError: () => refreshCentralQueue(),
  });
}
