import type { getDeviceCommands as getDeviceCommandsEndpoint, BodyOf } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';

/** POST getCommands (ours): the device's latest commands with their state, newest first. */
export async function getDeviceCommands(body: BodyOf<typeof getDeviceCommandsEndpoint>) {
  return (await callApi('getDeviceCommands', body)).commands;
}
