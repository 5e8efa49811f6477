import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { myInviteesQueryOptions } from './get-network.ts';

/** POST /api/app/grupos/eliminar: removes someone from my network, or cancels an invitation. */
export function useRemoveMember() {
  return useMutation({
    mutationFn: (id: number) => callApi('eliminarDeRed', { id }),
    // done or refused (already gone), the list is read again
    onSettled: () => queryClient.invalidateQueries({ queryKey: myInviteesQueryOptions.queryKey }),
  });
}
