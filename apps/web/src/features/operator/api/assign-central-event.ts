import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { applyCentralEvent } from './get-central-queue.ts';
import { refreshCentralOperators } from './get-central-operators.ts';

/** POST /api/operator/central/assign: a supervisor gives the event to an operator. */
export function useAssignCentralEvent() {
  return useMutation({
    mutationFn: (input: { eventId: number; operatorId: number }) =>
      callApi('assignCentralEvent', { event_id: input.eventId, operator_id: input.operatorId }),
    onSuccess: ({ event }) => {
      applyCentralEvent(event);
      return refreshCentralOperators();
    },
  });
}
