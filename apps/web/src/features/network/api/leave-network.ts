import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { myNetworksQueryOptions } from './get-network.ts';

/** POST /api/app/grupos/salir: leaves a network I belong to. */
export function useLeaveNetwork() {
  return useMutation({
    mutationFn: (id: number) => callApi('salirDeRed', { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myNetworksQueryOptions.queryKey }),
  });
}
