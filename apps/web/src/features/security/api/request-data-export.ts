import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, requestDataExport } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { dataExportQueryKey } from './get-data-export-status.ts';

/**
 * POST app/account/export (decision 037): asks for a copy of my data, confirmed with my password.
 * The answer is the export's new state (being prepared); the activity log gains its entry.
 */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof requestDataExport>) => callApi('requestDataExport', body),
    onSuccess: (status) => {
      queryClient.setQueryData(dataExportQueryKey, status);
      void queryClient.invalidateQueries({ queryKey: ['account', 'activity'] });
    },
  });
}
