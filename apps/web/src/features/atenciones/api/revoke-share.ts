import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { refreshAtencionDetail } from './get-atencion-detail.ts';

/** POST app/atenciones/revokeShare (decision 019): every link of the atención stops working at once. */
export function useRevokeShare(atencionId: number) {
  return useMutation({
    mutationFn: () => callApi('revokeShare', { atencion_id: atencionId }),
    onSuccess: () => refreshAtencionDetail(atencionId),
  });
}
