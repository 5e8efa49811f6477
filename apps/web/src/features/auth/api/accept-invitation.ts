import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/app/grupos/aceptarInvitacion: the signed-in account joins the network of the link. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (securityCode: string) => callApi('aceptarInvitacion', { security_code: securityCode }),
  });
}
