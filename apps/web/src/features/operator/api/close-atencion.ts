import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { refreshOperatorAtencion } from './get-atencion.ts';
import { refreshOperatorAtenciones } from './list-atenciones.ts';

/** POST /api/operator/atenciones/close */
export function useCloseAtencion(atencionId: number) {
  return useMutation({
    mutationFn: () => callApi('closeAtencion', { atencion_id: atencionId }),
    onSuccess: () => Promise.all([refreshOperatorAtencion(atencionId), refreshOperatorAtenciones()]),
  });
}
