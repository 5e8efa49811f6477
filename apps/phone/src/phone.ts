/** The `/device` link of one simulated phone (docs/device-protocol.md); its messages: phone-protocol.ts. */
import { io, type Socket } from 'socket.io-client';
import {
  DEVICE_NAMESPACE,
  WIPE_PHONE_CANCEL_WINDOW_MS,
  realtimeAckSchema,
  type Device,
} from '@escudo/contract';
import { callApi } from './api-client.ts';
import { withPhoneDefaults, type PhoneInput, type PhoneOptions } from './args.ts';
import { createLostReports, type LostReports } from './lost-reports.ts';
import { createPhoneLog, type LineSink, type PhoneLog } from './output.ts';
import { createPhoneProtocol, type PhoneProtocol, type SendMessage } from './phone-protocol.ts';
import { createSos, type Sos } from './sos.ts';
import { createPhoneStatus, type PhoneStatusSender } from './phone-status.ts';

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
  /** the open alert (SOS), or null */
  readonly alertId: number | null;
  /** raises an SOS, or ends the open one (the 's' key) */
  toggleSos(): Promise<void>;
  /** battery, charging and network as the phone reports them (`status`); change() sends a change */
  readonly status: Pick<PhoneStatusSender, 'current' | 'change'>;
  /** closes the link and stops every timer */
  stop(): Promise<void>;
}

/** ours: a message with no answer in this long is taken as lost (route points are then sent again) */
const ANSWER_TIMEOUT_MS = 10_000;

/** Signs in like the app and registers this phone (idempotent per device_id; rotates its token). */
export async function signInAndRegister(options: PhoneOptions, log: PhoneLog): Promise<Registration> {
  const { server, email, password, code } = options;
  const answer = await callApi(server, 'login', { email, password });
  let session = answer;
  if ('two_factor_required' in answer) {
    // the account has two-step sign-in on: the second step needs --code (docs/api.md)
    if (!code) {
      throw new Error(
        'La cuenta tiene activada la verificación en dos pasos: vuelve a ejecutar el simulador con --code y el código de tu app de autenticación (o un código de recuperación).',
      );
    }
    session = await callApi(server, 'loginTwoFactor', { challenge: answer.challenge, code });
  }
  if (!('access_token' in session)) throw new Error('sign-in answered no session');
  log.status(`signed in as ${email}`);
  const registration = await callApi(
    server,
    'registerDevice',
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

/** the simulator's line, in Spanish as the app would say it, once its phone is taken off the account */
export const REMOVED_NOTICE =
  'Este teléfono fue quitado de la cuenta: ya no está protegido. Inicia sesión y regístralo de nuevo para protegerlo.';

// the simulator's one line in Spanish: what a person holding the phone would be told
const ACCOUNT_DELETED_NOTICE =
  'La cuenta de este teléfono fue eliminada: el teléfono la olvidó. Inicia sesión con otra cuenta para protegerlo nuevamente.';

/** resolves with the server's answer, or null when none came (the link dropped, or too slow) */
function createSend(socket: Socket, log: PhoneLog): SendMessage {
  return async (type, payload) => {
    log.sent(type, payload);
    let answer: unknown;
    try {
      // every message asks for an acknowledgement, so a refusal is told rather than lost
      answer = await socket.timeout(ANSWER_TIMEOUT_MS).emitWithAck(type, payload);
    } catch {
      log.status(`no answer to ${type}`);
      return null;
    }
    const parsed = realtimeAckSchema.safeParse(answer);
    if (!parsed.success) {
      log.status(`unexpected answer to ${type}: ${JSON.stringify(answer)}`);
      return null;
    }
    if (!parsed.data.ok) log.status(`refused ${type}: ${parsed.data.code} ${parsed.data.message}`);
    return parsed.data;
  };
}

/** What a caller sees of a connected phone: its state read live from its parts, and stop(). */
function simulatedPhone(
  parts: {
    options: PhoneOptions;
    device: Device;
    socket: Socket;
    protocol: PhoneProtocol;
    reports: LostReports;
    sos: Sos;
    status: PhoneStatusSender;
  },
  stop: () => void,
): SimulatedPhone {
  const { options, device, socket, protocol, reports, sos, status } = parts;
  return {
    deviceId: options.deviceId,
    device,
    get isConnected() {
      return socket.connected;
    },
    get isLocked() {
      return protocol.isLocked;
    },
    get isLost() {
      return reports.isOn;
    },
    get trackingId() {
      return protocol.trackingId;
    },
    get alertId() {
      return sos.alertId;
    },
    toggleSos() {
      return sos.alertId === null ? sos.raise() : sos.close();
    },
    status: {
      get current() {
        return status.current;
      },
      change: (next) => status.change(next),
    },
    async stop() {
      stop();
    },
  };
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
  const { device } = registration;
  // emptied when the server says the account was deleted: the app keeps nothing of it
  let deviceToken = registration.deviceToken;
  const socket = io(`${options.server}${DEVICE_NAMESPACE}`, {
    auth: { token: deviceToken },
    transports: ['websocket'],
    // every phone has its own connection, as real phones do (no multiplexing with --count)
    forceNew: true,
  });

  let isStopped = false;
  /** whether this token has worked: refused afterwards, it was revoked rather than mistyped */
  let hasConnected = false;
  let reconnectTimer: NodeJS.Timeout | null = null;

  const send = createSend(socket, log);
  const api = { server: options.server, deviceToken: () => deviceToken, log };
  const reports = createLostReports({ ...api, deviceName: device.device_name });
  const protocol = createPhoneProtocol({
    options,
    log,
    send,
    isConnected: () => socket.connected,
    reports,
    wipeWindowMs,
    forgetAccount: () => forget(ACCOUNT_DELETED_NOTICE, 'account deleted'),
    forgetDevice: () => forget(REMOVED_NOTICE, 'device removed'),
  });
  const sos = createSos({ ...api, everyS: options.sosEveryS });
  const status = createPhoneStatus({
    initial: { battery: options.battery, charging: options.isCharging, network: options.network },
    send,
    isConnected: () => socket.connected,
  });
  socket.onAny((type: string, payload: unknown) => {
    log.received(type, payload);
    protocol.receive(type, payload);
  });

  // settled by the first connection, a refusal or stop(), whichever comes first (later calls do nothing)
  let settle!: { resolve(): void; reject(error: Error): void };
  const connected = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  // a caller that only awaits startPhone must not see an unhandled rejection from here
  connected.catch(() => undefined);

  const stopEverything = () => {
    isStopped = true;
    if (reconnectTimer) clearTimeout(reconnectTimer);
    protocol.stop();
    sos.stop();
    status.stop();
  };
  /** the server's order to forget: the account was deleted or this phone taken off it */
  const forget = (notice: string, reason: string) => {
    log.status(notice);
    deviceToken = '';
    stopEverything();
    socket.disconnect();
    onStopped?.(reason);
  };

  socket.on('connect', () => {
    hasConnected = true;
    log.status('connected');
    settle.resolve();
    protocol.resumeSending();
    // --silent says nothing, its status neither
    if (!options.isSilent) status.sendOnConnect();
  });
  // --sos: once, at the first connection
  if (options.raisesSos) socket.once('connect', () => void sos.raise());
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
    // a token that worked before was revoked: the phone was removed (or registered again elsewhere)
    if (hasConnected) log.status(REMOVED_NOTICE);
    stopEverything();
    settle.reject(new Error(error.message));
    onStopped?.(error.message);
  });
  if (options.isSilent) log.status('silent: nothing will be answered');

  const phone = simulatedPhone({ options, device, socket, protocol, reports, sos, status }, () => {
    stopEverything();
    socket.disconnect();
    settle.reject(new Error('stopped'));
  });
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
