import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** POST /api/operator/atenciones/detail: the atención being attended, with its notes and videos. */
export function useOperatorAtencion(atencionId: number) {
  return useQuery({
    queryKey: ['operator', 'atencion', atencionId],
    queryFn: ({ signal }) => callApi('getOperatorAtencion', { atencion_id: atencionId }, { signal }),
  });
}

export function refreshOperatorAtencion(atencionId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['operator', 'atencion', atencionId] });
}
