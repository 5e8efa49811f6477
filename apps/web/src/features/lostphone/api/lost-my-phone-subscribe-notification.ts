import type { lostMyPhoneSubscribeNotification as endpoint, BodyOf } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { rememberOrder } from '../../../lib/commands/command-store.ts';

/** POST lostMyPhoneSubscribeNotification: orders the phone into lost mode; answers the command. */
export function orderLostModeOn(body: BodyOf<typeof endpoint>) {
  return rememberOrder(callApi('lostMyPhoneSubscribeNotification', body));
}
