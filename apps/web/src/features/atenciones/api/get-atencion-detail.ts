import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** POST app/atenciones/getAtencionDetail (spec 7): notes, videos (signed links) and the shared link. */
export function useAtencionDetail(atencionId: number | null) {
  return useQuery({
    queryKey: ['atenciones', 'detail', atencionId],
    queryFn: ({ signal }) => callApi('getAtencionDetail', { atencion_id: atencionId! }, { signal }),
    enabled: atencionId !== null,
    // the videos' links live 30 minutes: ask again well before they expire
    staleTime: 10 * 60 * 1000,
    refetchInterval: 20 * 60 * 1000,
  });
}

export function refreshAtencionDetail(atencionId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['atenciones', 'detail', atencionId] });
}
