/** The phone's side of docs/device-protocol.md without the socket: server messages checked, then answered. */
import { rejectedMessageSchema, serverToDeviceMessages, type ServerToDevice } from '@escudo/contract';
import { describeIssue } from './api-client.ts';
import { createPhoneCommands, type PhoneParts } from './phone-commands.ts';
import { createRoutePoints } from './route-points.ts';

export type { SendMessage } from './phone-commands.ts';

export type PhoneProtocol = ReturnType<typeof createPhoneProtocol>;

/** refusals that say "not now" rather than "never": route points refused so go again (section 4) */
const RESEND_CODES = new Set(['SERVER_BUSY', 'RATE_LIMITED', 'INTERNAL']);
/** refusals that say the route was turned off, or is not this phone's: no point of it will be stored */
const ROUTE_GONE_CODES = new Set(['TRACKING_ENDED', 'NOT_FOUND']);

export function createPhoneProtocol(parts: PhoneParts) {
  const { options, log, send, isConnected, reports } = parts;
  const routePoints = createRoutePoints({
    send(trackingId, points) {
      // socket.io would queue it while offline; the module keeps the points itself and batches them
      if (!isConnected()) return null;
      return send('routePoints', { tracking_id: trackingId, points }).then((answer) => {
        if (answer?.ok) return 'stored';
        // no answer, or a refusal for now (busy, too fast, a server fault): the same points again later
        if (!answer || RESEND_CODES.has(answer.code)) return 'resend';
        if (ROUTE_GONE_CODES.has(answer.code) && routePoints.stop(trackingId)) {
          log.status(`tracking off (route ${trackingId})`);
        }
        return 'dropped';
      });
    },
  });
  const commands = createPhoneCommands(parts, routePoints);

  const handlers: { [K in keyof ServerToDevice]: (payload: ServerToDevice[K]) => void } = {
    resume({ lost, tracking }) {
      // section 6: only what is missing starts; what runs goes on (a reconnection, not a restart)
      if (lost && !reports.isOn) {
        const everyS = options.reportEveryS ?? lost.report_every_s;
        log.status(`lost mode resumed, reporting every ${everyS} s`);
        reports.start(everyS);
      }
      if (tracking && routePoints.trackingId !== tracking.tracking_id) {
        log.status(
          `tracking resumed (route ${tracking.tracking_id}, a point every ${tracking.interval_s} s)`,
        );
        routePoints.start(tracking.tracking_id, tracking.interval_s);
      }
    },
    ayThere: ({ probe_id }) => void send('imHere', { probe_id }),
    command: (command) => commands.command(command),
    cancelingWipe: (payload) => commands.cancelingWipe(payload),
    // decision 038: the account is gone and the device token with it; nothing of it is kept
    accountDeleted: () => parts.forgetAccount(),
    // decision 044: the owner removed this phone; its token is gone
    deviceRemoved: () => parts.forgetDevice(),
  };

  return {
    /** one message from the server, as received: checked, then carried out and answered */
    receive(type: string, payload: unknown) {
      if (type === 'rejected') {
        const rejected = rejectedMessageSchema.safeParse(payload).data;
        if (rejected) log.status(`refused ${rejected.type}: ${rejected.code} ${rejected.message}`);
        return;
      }
      if (!Object.hasOwn(serverToDeviceMessages, type)) return log.status(`ignored unknown message ${type}`);
      const parsed = serverToDeviceMessages[type as keyof ServerToDevice].safeParse(payload);
      if (!parsed.success) {
        return log.status(`ignored invalid ${type}: ${describeIssue(parsed.error.issues[0])}`);
      }
      // --silent: the phone hears everything and says nothing (the panel's time-outs can be watched)
      if (options.isSilent) return;
      (handlers[type as keyof ServerToDevice] as (payload: unknown) => void)(parsed.data);
    },
    /** the link is up (again): the route points kept meanwhile go now */
    resumeSending: () => routePoints.flush(),
    stop() {
      commands.stop();
      reports.stop();
      routePoints.stop();
    },
    get isLocked() {
      return commands.isLocked;
    },
    get trackingId() {
      return routePoints.trackingId;
    },
  };
}
