/**
 * The phone's commands (docs/device-protocol.md sections 5 and 6): acknowledged at once, carried out
 * once, the outcome kept so a repeat after a reconnection gets the same answer; a wipe waits for a stop.
 */
import type { DeviceToServer, PhoneCommand, RealtimeAck, ServerToDevice } from '@escudo/contract';
import type { PhoneOptions } from './args.ts';
import type { LostReports } from './lost-reports.ts';
import type { PhoneLog } from './output.ts';
import type { RoutePoints } from './route-points.ts';

/** sends one message; resolves with the server's answer, or null when none came */
export type SendMessage = <K extends keyof DeviceToServer>(
  type: K,
  payload: DeviceToServer[K],
) => Promise<RealtimeAck | null>;

/** What phone.ts hands to the protocol (phone-protocol.ts), which hands it on to the commands. */
export interface PhoneParts {
  options: Pick<PhoneOptions, 'reportEveryS' | 'isSilent'>;
  log: PhoneLog;
  send: SendMessage;
  /** whether the link is up: route points are kept, not sent, while it is down */
  isConnected: () => boolean;
  reports: LostReports;
  /** how long a wipe waits for a stop */
  wipeWindowMs: number;
  /** the account was deleted (accountDeleted): the phone forgets it and its token, and stops */
  forgetAccount: () => void;
  /** the owner removed this phone from the account (deviceRemoved): it forgets its token, and stops */
  forgetDevice: () => void;
}

/** The message and payload that finished a command, kept to answer a repeat the same way. */
type Outcome = { [K in keyof DeviceToServer]: { type: K; payload: DeviceToServer[K] } }[keyof DeviceToServer];

export function createPhoneCommands(
  { options, log, send, reports, wipeWindowMs }: PhoneParts,
  routePoints: RoutePoints,
) {
  let isLocked = false;
  const handled = new Map<number, Outcome | null>();
  const wipeWindows = new Map<number, NodeJS.Timeout>();
  // bumped by every lost-mode order: a lostOn awaiting its answer must not start reports after a lostOff
  let lostOrders = 0;

  // TypeScript cannot pair an Outcome's type with its payload through a generic call; Outcome does
  const sendOutcome = (outcome: Outcome) => send(outcome.type, outcome.payload as never);
  /** records and sends a command's outcome; resolves with the server's answer (null: none came) */
  const finish = (commandId: number, outcome: Outcome) => {
    handled.set(commandId, outcome);
    return sendOutcome(outcome);
  };

  function carryOut(command: PhoneCommand): void {
    const done = () =>
      finish(command.id, { type: 'commandResult', payload: { command_id: command.id, outcome: 'done' } });
    switch (command.type) {
      case 'lock':
        isLocked = true;
        log.status('locked with PIN ****');
        return void done();
      case 'lostOn': {
        const everyS = options.reportEveryS ?? command.report_every_s;
        const order = ++lostOrders;
        log.status(`lost mode on, reporting every ${everyS} s`);
        // the server takes reports only once this result is in: start them on its answer (or time-out)
        void done().then(() => {
          if (order === lostOrders) reports.start(everyS);
        });
        return;
      }
      case 'lostOff':
        lostOrders += 1;
        reports.stop();
        log.status('lost mode off');
        return void done();
      case 'wipe': {
        log.status(`wipe window open for ${wipeWindowMs / 1000} s`);
        const timer = setTimeout(() => {
          wipeWindows.delete(command.id);
          log.status('erasing data (simulated)');
          void finish(command.id, { type: 'deleting', payload: { command_id: command.id } });
        }, wipeWindowMs);
        wipeWindows.set(command.id, timer);
        return;
      }
      case 'trackingOn':
        log.status(`tracking on (route ${command.tracking_id}, a point every ${command.interval_s} s)`);
        void done();
        return routePoints.start(command.tracking_id, command.interval_s);
      case 'trackingOff':
        if (routePoints.stop(command.tracking_id)) log.status(`tracking off (route ${command.tracking_id})`);
        return void done();
    }
  }

  return {
    command(command: ServerToDevice['command']) {
      send('imHere', { command_id: command.id });
      if (!handled.has(command.id)) {
        handled.set(command.id, null);
        return carryOut(command);
      }
      // a repeat after a reconnection: answer as before, do nothing again
      const outcome = handled.get(command.id);
      if (outcome) sendOutcome(outcome);
    },
    cancelingWipe({ command_id }: ServerToDevice['cancelingWipe']) {
      const timer = wipeWindows.get(command_id);
      if (timer) {
        clearTimeout(timer);
        wipeWindows.delete(command_id);
        log.status('wipe stopped by the owner');
        return finish(command_id, { type: 'cancelingWipe', payload: { command_id } });
      }
      if (handled.get(command_id)?.type === 'cancelingWipe') return send('cancelingWipe', { command_id });
      log.status(`stop of command ${command_id} ignored: no wipe waiting for it`);
    },
    /** closes every wipe window still open (their wipes never happen) */
    stop() {
      for (const timer of wipeWindows.values()) clearTimeout(timer);
      wipeWindows.clear();
    },
    get isLocked() {
      return isLocked;
    },
  };
}
