import type { lostMyPhoneUnSubscribeNotification as endpoint, BodyOf } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { rememberOrder } from '../../../lib/commands/command-store.ts';

/** POST lostMyPhoneUnSubscribeNotification: orders the phone out of lost mode; answers the command. */
export function orderLostModeOff(body: BodyOf<typeof endpoint>) {
  return rememberOrder(callApi('lostMyPhoneUnSubscribeNotification', body));
}
