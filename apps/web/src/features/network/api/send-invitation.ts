import { useMutation } from '@tanstack/react-query';
import type { BodyOf, enviarInvitacion } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { myInviteesQueryOptions } from './get-network.ts';

/** POST /api/app/grupos/enviarInvitacion (spec 5: Security network add). */
export function useSendInvitation() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof enviarInvitacion>) => callApi('enviarInvitacion', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myInviteesQueryOptions.queryKey }),
  });
}
