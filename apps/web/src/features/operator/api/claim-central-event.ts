import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { applyCentralEvent, refreshCentralQueue } from './get-central-queue.ts';

/**
 * POST /api/operator/central/claim: takes the event. Refused (another operator was first), the queue
 * is asked again, in case its live message has not arrived yet.
 */
export function useClaimCentralEvent() {
  return useMutation({
    mutationFn: (eventId: number) => callApi('claimCentralEvent', { event_id: eventId }),
    onSuccess: ({ event }) => void applyCentralEvent(event),
    onError: () => refreshCentralQueue(),
  });
}
