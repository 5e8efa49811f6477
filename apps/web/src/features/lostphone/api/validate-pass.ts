import { useMutation } from '@tanstack/react-query';
import type { validatePass, BodyOf } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';

/** POST validatePass: the account's password, re-entered before a wipe (spec 6); `status` says if right. */
export function useValidatePass() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof validatePass>) => callApi('validatePass', body),
  });
}
