import { useMutation } from '@tanstack/react-query';
import type { wipePhoneDataNotification, BodyOf } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { rememberOrder } from '../../../lib/commands/command-store.ts';

/**
 * POST wipePhoneDataNotification: orders the phone to erase itself. The server refuses it with 428
 * PASSWORD_CONFIRMATION_REQUIRED unless validatePass succeeded in the last 5 minutes.
 */
export function useWipePhoneData() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof wipePhoneDataNotification>) =>
      rememberOrder(callApi('wipePhoneDataNotification', body)),
  });
}
