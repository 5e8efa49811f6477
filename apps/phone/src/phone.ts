/**
 * One simulated phone, following docs/device-protocol.md as the real app must: sign in, register,
 * keep the `/device` link up forever, answer probes, acknowledge every command and carry it out once
 * (commands come again after each reconnection until they are final), and send lost-mode reports and
 * route points. Every message in or out is printed as one line (output.ts). main.ts is the command
 * line around it; the end-to-end tests use it through that command line.
 */
import { io, type Socket } from 'socket.io-client';
import {
  DEVICE_NAMESPACE,
  WIPE_PHONE_CANCEL_WINDOW_MS,
  login,
  realtimeAckSchema,
  registerDevice,
  rejectedMessageSchema,
  serverToDeviceMessages,
  type Device,
  type DeviceClientEvents,
  type DeviceToServer,
  type PhoneCommand,
  type RealtimeAck,
  type RoutePoint,
  type ServerToDevice,
} from '@escudo/contract';
import { callEndpoint } from './api-client.ts';
import { withPhoneDefaults, type PhoneInput, type PhoneOptions } from './args.ts';
import { createLostReports } from './lost-reports.ts';
import { createPhoneLog, type LineSink, type PhoneLog } from './output.ts';
import { createRoutePoints } from './route-points.ts';

export { withPhoneDefaults, type PhoneInput, type PhoneOptions } from './args.ts';
export { createWalk } from './locations.ts';
export { takePhoto } from './photo.ts';
export { OUTPUT_LINE } from './output.ts';

export interface Registration {
  device: Device;
  deviceToken: string;
}

export interface RunOptions {
  /** where the lines go; stdout (and stderr for errors) by default */
  output?: LineSink;
  /** how long a wipe waits for a stop; WIPE_PHONE_CANCEL_WINDOW_MS unless a test shortens it */
  wipeWindowMs?: number;
  /** called once if the phone gives up for good (the server refused its token) */
  onStopped?: (reason: string) => void;
}

export interface SimulatedPhone {
  readonly deviceId: string;
  /** the phone as the server registered it (internal `id`, name…) */
  readonly device: Device;
  readonly isConnected: boolean;
  readonly isLocked: boolean;
  readonly isLost: boolean;
  /** the route being recorded, or null */
  readonly trackingId: number | null;
  /** closes the link and stops every timer */
  stop(): Promise<void>;
}

/** The message and payload that finished a command, kept to answer a repeat the same way. */
type Outcome = { [K in keyof DeviceToServer]: { type: K; payload: DeviceToServer[K] } }[keyof DeviceToServer];

type DeviceSocket = Socket<Record<string, never>, DeviceClientEvents>;

/** ours: a message with no answer in this long is taken as lost (route points are then sent again) */
const ANSWER_TIMEOUT_MS = 10_000;
/** refusals that say "not now" rather than "never": route points refused so are sent again */
const RESEND_CODES = new Set(['SERVER_BUSY', 'RATE_LIMITED', 'INTERNAL']);
/** refusals that say the route was turned off, or is not this phone's: no point of it will be stored */
const ROUTE_GONE_CODES = new Set(['TRACKING_ENDED', 'NOT_FOUND']);

/** Signs in like the app and registers this phone (idempotent per device_id; rotates its token). */
export async function signInAndRegister(options: PhoneOptions, log: PhoneLog): Promise<Registration> {
  const session = await callEndpoint(options.server, login, {
    email: options.email,
    password: options.password,
  });
  log.status(`signed in as ${options.email}`);
  const registration = await callEndpoint(
    options.server,
    registerDevice,
    {
      device_id: options.deviceId,
      device_brand: options.brand,
      device_name: options.name,
      device_model: options.model,
      device_so: options.so,
      device_soversion: options.soVersion,
    },
    { token: session.access_token },
  );
  log.status(`registered as device ${registration.device.id} (${registration.device.device_name})`);
  return { device: registration.device, deviceToken: registration.device_token };
}

/**
 * Connects a registered phone. `connected` settles at the first connection: resolved, or rejected if
 * the server refuses the token (a refused phone does not retry: its token is no longer valid).
 */
export function connectPhone(
  options: PhoneOptions,
  registration: Registration,
  log: PhoneLog,
  { wipeWindowMs = WIPE_PHONE_CANCEL_WINDOW_MS, onStopped }: RunOptions = {},
): { phone: SimulatedPhone; connected: Promise<void> } {
  const { device, deviceToken } = registration;
  const socket: DeviceSocket = io(`${options.server}${DEVICE_NAMESPACE}`, {
    auth: { token: deviceToken },
    transports: ['websocket'],
    // every phone has its own connection, as real phones do (no multiplexing with --count)
    forceNew: true,
  });

  let isLocked = false;
  let isStopped = false;
  let reconnectTimer: NodeJS.Timeout | null = null;
  const handled = new Map<number, Outcome | null>();
  const wipeWindows = new Map<number, NodeJS.Timeout>();

  /** resolves with the server's answer, or null when none came (the link dropped, or too slow) */
  const send = <K extends keyof DeviceToServer>(
    type: K,
    payload: DeviceToServer[K],
  ): Promise<RealtimeAck | null> => {
    log.sent(type, payload);
    // every message carries an acknowledgement callback, so a refusal is told rather than lost
    const emit = socket.timeout(ANSWER_TIMEOUT_MS).emit.bind(socket) as (
      type: string,
      payload: unknown,
      ack: (error: Error | null, answer: unknown) => void,
    ) => void;
    return new Promise((resolve) => {
      emit(type, payload, (error, answer) => {
        if (error) {
          log.status(`no answer to ${type}`);
          return resolve(null);
        }
        const parsed = realtimeAckSchema.safeParse(answer);
        if (!parsed.success) {
          log.status(`unexpected answer to ${type}: ${JSON.stringify(answer)}`);
          return resolve(null);
        }
        if (!parsed.data.ok) log.status(`refused ${type}: ${parsed.data.code} ${parsed.data.message}`);
        resolve(parsed.data);
      });
    });
  };
  // TypeScript cannot pair an Outcome's type with its payload through a generic call; Outcome does
  const sendOutcome = (outcome: Outcome) => send(outcome.type, outcome.payload as never);
  /** records and sends a command's outcome; resolves with the server's answer (null: none came) */
  const finish = (commandId: number, outcome: Outcome) => {
    handled.set(commandId, outcome);
    return sendOutcome(outcome);
  };
  // bumped by every lost-mode order, so that a lostOn still waiting for its answer cannot start the
  // reports after a later lostOff
  let lostOrders = 0;

  const reports = createLostReports({
    server: options.server,
    deviceToken: () => deviceToken,
    deviceName: device.device_name,
    log,
  });
  const routePoints = createRoutePoints({
    send(trackingId: number, points: RoutePoint[]) {
      // socket.io would queue it while offline; the module keeps the points itself and batches them
      if (!socket.connected) return null;
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

  function carryOut(command: PhoneCommand): void {
    const done = () =>
      finish(command.id, { type: 'commandResult', payload: { command_id: command.id, outcome: 'done' } });
    switch (command.type) {
      case 'lock':
        isLocked = true;
        log.status('locked with PIN ****');
        void done();
        return;
      case 'lostOn': {
        const everyS = options.reportEveryS ?? command.report_every_s;
        const order = ++lostOrders;
        log.status(`lost mode on, reporting every ${everyS} s`);
        // the server takes reports only once it knows lost mode is on, which this result tells it:
        // the first report waits for its answer (or for the time-out, when the link is down)
        void done().then(() => {
          if (order === lostOrders) reports.start(everyS);
        });
        return;
      }
      case 'lostOff':
        lostOrders += 1;
        reports.stop();
        log.status('lost mode off');
        void done();
        return;
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
        void done();
        return;
    }
  }

  const answer: { [K in keyof ServerToDevice]: (payload: ServerToDevice[K]) => void } = {
    resume({ lost, tracking }) {
      // only what is missing is started; what runs already goes on (a reconnection, not a restart)
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
    ayThere({ probe_id }) {
      send('imHere', { probe_id });
    },
    command(command) {
      send('imHere', { command_id: command.id });
      if (!handled.has(command.id)) {
        handled.set(command.id, null);
        return carryOut(command);
      }
      // a repeat after a reconnection: answer as before, do nothing again
      const outcome = handled.get(command.id);
      if (outcome) sendOutcome(outcome);
    },
    cancelingWipe({ command_id }) {
      const timer = wipeWindows.get(command_id);
      if (timer) {
        clearTimeout(timer);
        wipeWindows.delete(command_id);
        log.status('wipe stopped by the owner');
        return finish(command_id, { type: 'cancelingWipe', payload: { command_id } });
      }
      const outcome = handled.get(command_id);
      if (outcome?.type === 'cancelingWipe') return send('cancelingWipe', { command_id });
      log.status(`stop of command ${command_id} ignored: no wipe waiting for it`);
    },
  };

  socket.onAny((type: string, payload: unknown) => {
    log.received(type, payload);
    if (type === 'rejected') {
      const rejected = rejectedMessageSchema.safeParse(payload);
      if (rejected.success) {
        const { type: refused, code, message } = rejected.data;
        log.status(`refused ${refused}: ${code} ${message}`);
      }
      return;
    }
    if (!Object.hasOwn(serverToDeviceMessages, type)) return log.status(`ignored unknown message ${type}`);
    const parsed = serverToDeviceMessages[type as keyof typeof serverToDeviceMessages].safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return log.status(
        `ignored invalid ${type}: ${issue?.message ?? ''}${issue?.path.length ? ` (${issue.path.join('.')})` : ''}`,
      );
    }
    // --silent: the phone hears everything and says nothing (the panel's time-outs can be watched)
    if (options.isSilent) return;
    (answer[type as keyof typeof answer] as (payload: unknown) => void)(parsed.data);
  });

  let settle: { resolve(): void; reject(error: Error): void } | null = null;
  const connected = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  // a caller that only awaits startPhone must not see an unhandled rejection from here
  connected.catch(() => undefined);

  const stopEverything = () => {
    isStopped = true;
    if (reconnectTimer) clearTimeout(reconnectTimer);
    for (const timer of wipeWindows.values()) clearTimeout(timer);
    wipeWindows.clear();
    reports.stop();
    routePoints.stop();
  };

  socket.on('connect', () => {
    log.status('connected');
    settle?.resolve();
    settle = null;
    routePoints.flush();
  });
  socket.on('disconnect', (reason) => {
    log.status(`disconnected (${reason})`);
    // the server closed this link on purpose; socket.io leaves it closed, a phone must come back
    if (reason === 'io server disconnect' && !isStopped) {
      reconnectTimer = setTimeout(() => socket.connect(), 1_000);
    }
  });
  socket.on('connect_error', (error) => {
    if (socket.active) {
      log.status(`connection failed (${error.message}); retrying`);
      return;
    }
    // refused by the server (bad or rotated token): retrying with the same token cannot work
    log.error(`connection refused: ${error.message}`);
    stopEverything();
    settle?.reject(new Error(error.message));
    settle = null;
    onStopped?.(error.message);
  });
  if (options.isSilent) log.status('silent: nothing will be answered');

  const phone: SimulatedPhone = {
    deviceId: options.deviceId,
    device,
    get isConnected() {
      return socket.connected;
    },
    get isLocked() {
      return isLocked;
    },
    get isLost() {
      return reports.isOn;
    },
    get trackingId() {
      return routePoints.trackingId;
    },
    async stop() {
      stopEverything();
      socket.disconnect();
      settle?.reject(new Error('stopped'));
      settle = null;
    },
  };
  return { phone, connected };
}

/** Signs in, registers and connects one phone; resolves once it is connected. */
export async function startPhone(input: PhoneInput, run: RunOptions = {}): Promise<SimulatedPhone> {
  const options = withPhoneDefaults(input);
  const log = createPhoneLog(options.deviceId, run.output);
  const registration = await signInAndRegister(options, log);
  const { phone, connected } = connectPhone(options, registration, log, run);
  await connected;
  return phone;
}
