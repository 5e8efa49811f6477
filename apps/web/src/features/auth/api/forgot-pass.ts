import { useMutation } from '@tanstack/react-query';
import type { forgotPass, BodyOf } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/auth/forgotPass: asks for a reset e-mail (always 200, accounts stay private). */
export function useForgotPass() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof forgotPass>) => callApi('forgotPass', body),
  });
}
