import { useMutation } from '@tanstack/react-query';
import type { resetPass, BodyOf } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/auth/resetPass: sets the new password with the link's token. */
export function useResetPass() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof resetPass>) => callApi('resetPass', body),
  });
}
