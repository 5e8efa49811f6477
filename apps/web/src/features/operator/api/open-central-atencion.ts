import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { refreshCentralEventDetail } from './get-central-event.ts';
import { refreshOperatorAtenciones } from './list-atenciones.ts';

/** POST /api/operator/central/atencion: the event's atención, opened once. */
export function useOpenCentralAtencion(eventId: number) {
  return useMutation({
    mutationFn: () => callApi('openCentralAtencion', { event_id: eventId }),
    onSuccess: () => Promise.all([refreshCentralEventDetail(eventId), refreshOperatorAtenciones()]),
  });
}
