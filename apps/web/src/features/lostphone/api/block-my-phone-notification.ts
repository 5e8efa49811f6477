import { useMutation } from '@tanstack/react-query';
import type { blockMyPhoneNotification, BodyOf } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { rememberOrder } from '../../../lib/commands/command-store.ts';

/** POST blockMyPhoneNotification: orders the phone to lock with a 4-digit PIN (spec 4, 5). */
export function useBlockMyPhone() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof blockMyPhoneNotification>) =>
      rememberOrder(callApi('blockMyPhoneNotification', body)),
  });
}
