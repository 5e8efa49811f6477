import { useMutation } from '@tanstack/react-query';
import type { BodyOf, EndpointsByRoute } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { applyCentralEvent } from './get-central-queue.ts';
import { refreshCentralHistory } from './get-central-history.ts';

/** POST /api/operator/central/close: closes the event with its outcome, level and note. */
export function useCloseCentralEvent() {
  return useMutation({
    mutationFn: (body: BodyOf<EndpointsByRoute['closeCentralEvent']>) => callApi('closeCentralEvent', body),
    onSuccess: ({ event }) => {
      applyCentralEvent(event);
      return refreshCentralHistory();
    },
  });
}
