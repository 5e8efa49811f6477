import type { Command } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { rememberCommand } from '../../../lib/commands/command-store.ts';

/**
 * Cancels an order still waiting for its phone (`cancelCommand`, decision 043): the phone never gets it.
 * The store takes the cancelled command at once; the server tells the other panels (`commandState`).
 */
export async function cancelCommand(commandId: number): Promise<Command> {
  const { command } = await callApi('cancelCommand', { command_id: commandId });
  rememberCommand(command);
  return command;
}
