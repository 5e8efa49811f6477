import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { refreshOperatorAtencion } from './get-atencion.ts';

/** POST /api/operator/atenciones/note */
export function useAddNote(atencionId: number) {
  return useMutation({
    mutationFn: (note: { title: string; description: string }) =>
      callApi('addAtencionNote', { atencion_id: atencionId, ...note }),
    onSuccess: () => refreshOperatorAtencion(atencionId),
  });
}
