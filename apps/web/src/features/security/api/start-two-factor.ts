import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** POST app/account/twoFactor/start: with the password, a new secret for the authenticator app; nothing is on yet. */
export function useStartTwoFactor() {
  return useMutation({ mutationFn: (password: string) => callApi('twoFactorStart', { password }) });
}
