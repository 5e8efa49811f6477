import type { AppContext } from '../../lib/context.ts';
import type { RealtimeMessages } from '../../lib/realtime/messages.ts';
import { createBatchLoader } from '../../lib/db/batch-loader.ts';
import type { CommandTarget } from './command-delivery.ts';
import { resendOpenCommands, resumeDevices, type OpenRoutesOf } from './command-delivery.ts';
import { acknowledgeCommand, cancelWipe, recordCommandResult, recordWipeAnswer } from './commands.service.ts';

/** `openRoutesOf` tells connecting phones' `resume` about their open routes (tracking/, passed in by app.ts). */
export function registerCommandMessages(
  messages: RealtimeMessages,
  ctx: AppContext,
  { openRoutesOf }: { openRoutesOf: OpenRoutesOf },
): void {
  // the phone's `imHere` answers a probe (probe_id) or acknowledges a command (command_id): the
  // contract lets through exactly one of them, and the device is always the socket's own
  messages.device.on('imHere', async (answer, { auth }) => {
    if (answer.command_id !== undefined) await acknowledgeCommand(ctx, auth, answer.command_id);
    ctx.realtime.toUser(auth.userId, 'imHere', { ...answer, device_id: auth.deviceId });
  });
  messages.device.on('commandResult', ({ command_id, outcome, reason }, { auth }) =>
    recordCommandResult(ctx, auth, command_id, outcome, reason),
  );
  for (const answer of ['deleting', 'cancelingWipe'] as const) {
    messages.device.on(answer, ({ command_id }, { auth }) => recordWipeAnswer(ctx, auth, command_id, answer));
  }
  messages.panel.on('cancelingWipe', ({ device_id, command_id }, { auth }) =>
    cancelWipe(ctx, auth.userId, device_id, command_id),
  );

  // the phones that connect in one moment are resumed together (decision 059)
  const resume = createBatchLoader<CommandTarget, void>(async (targets) => {
    await resumeDevices(ctx, targets, openRoutesOf);
    return targets.map(() => undefined);
  });
  messages.device.onConnect(({ auth }) => {
    resume
      .load(auth)
      .catch((error: unknown) =>
        ctx.log.error(
          { err: error, device: auth.deviceRowId },
          'could not resume a phone or deliver its commands',
        ),
      );
  });
  messages.device.onLinkRestored((phones) => {
    resendOpenCommands(
      ctx,
      phones.map(({ auth }) => auth.deviceRowId),
    ).catch((error: unknown) => ctx.log.error({ err: error }, 'could not send open commands again'));
  });
}
