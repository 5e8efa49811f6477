import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

export const dataExportQueryKey = ['account', 'export'] as const;

/** ours: while an export is being prepared the section asks again every 5 s, so 'Descargar' shows by itself */
const PREPARING_POLL_MS = 5_000;

/** POST app/account/exportStatus (decision 037): where the newest export of my data stands. */
export function useDataExportStatus() {
  return useQuery({
    queryKey: dataExportQueryKey,
    queryFn: ({ signal }) => callApi('dataExportStatus', {}, { signal }),
    refetchInterval: (query) => (query.state.data?.state === 'preparing' ? PREPARING_POLL_MS : false),
  });
}
