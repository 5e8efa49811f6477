import type { AppContext } from '../context.ts';
import type { RealtimeMessages } from '../lib/realtime/messages.ts';
import { deliverPendingCommands, resumeDevice } from './command-delivery.ts';
import { cancelWipe, recordCommandResult, recordWipeStarted, recordWipeStopped } from './commands.service.ts';

export function registerCommandMessages(messages: RealtimeMessages, ctx: AppContext): void {
  messages.device.on('commandResult', ({ command_id, outcome, reason }, { auth }) =>
    recordCommandResult(ctx, auth, command_id, outcome, reason),
  );
  messages.device.on('deleting', ({ command_id }, { auth }) => recordWipeStarted(ctx, auth, command_id));
  messages.device.on('cancelingWipe', ({ command_id }, { auth }) => recordWipeStopped(ctx, auth, command_id));
  messages.panel.on('cancelingWipe', ({ device_id, command_id }, { auth }) =>
    cancelWipe(ctx, auth.userId, device_id, command_id),
  );

  // what should be running first, then the orders still open (which may change it)
  messages.device.onConnect(({ auth }) => {
    resumeDevice(ctx, auth)
      .then(() => deliverPendingCommands(ctx, auth))
      .catch((error: unknown) =>
        ctx.log.error(
          { err: error, device: auth.deviceRowId },
          'could not resume a phone or deliver its commands',
        ),
      );
  });
}
