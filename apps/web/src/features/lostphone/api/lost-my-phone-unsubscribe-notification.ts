import type { lostMyPhoneUnSubscribeNotification as endpoint, BodyOf } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { rememberCommand } from '../../../lib/commands/command-store.ts';

/** POST lostMyPhoneUnSubscribeNotification: orders the phone out of lost mode; answers the command. */
export async function orderLostModeOff(body: BodyOf<typeof endpoint>) {
  const answer = await callApi('lostMyPhoneUnSubscribeNotification', body);
  rememberCommand(answer.command);
  return answer;
}
