import type { lostMyPhoneSubscribeNotification as endpoint, BodyOf } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { rememberCommand } from '../../../lib/commands/command-store.ts';

/** POST lostMyPhoneSubscribeNotification: orders the phone into lost mode; answers the command. */
export async function orderLostModeOn(body: BodyOf<typeof endpoint>) {
  const answer = await callApi('lostMyPhoneSubscribeNotification', body);
  rememberCommand(answer.command);
  return answer;
}
