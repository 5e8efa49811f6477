import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { refreshAtencionDetail } from './get-atencion-detail.ts';

/** POST app/atenciones/shareEvidence (decision 019): a link that works without sign-in for `hours`. */
export function useShareEvidence(atencionId: number) {
  return useMutation({
    mutationFn: (hours: 24 | 168 | 720) => callApi('shareEvidence', { atencion_id: atencionId, hours }),
    onSuccess: () => refreshAtencionDetail(atencionId),
  });
}
