/**
 * The panel's one realtime link (contract realtime.ts; docs/device-protocol.md section 6): Socket.IO
 * /panel at the user's `cuadrante.primary_fdb_url`. Opens on first use while signed in; closes when the
 * session token changes (sign-out: lib/session/end-session.ts; a 401; another account in another tab).
 * Loaded with socket.io-client only by the pages that use it, off the first load; so no zod here either:
 * messages are not re-validated (the server builds each from the contract's schemas).
 */
import type {
  PanelClientEvents,
  PanelServerEvents,
  PanelToServer,
  RealtimeAck,
  ServerToPanel,
} from '@escudo/contract';
import { PANEL_DEVICE_ID_PREFIX, PANEL_NAMESPACE } from '@escudo/contract/browser';
import type { Socket } from 'socket.io-client';
import { callApi } from '../api-client.ts';
import { authToken } from '../auth-token.ts';
import { queryClient } from '../query-client.ts';
import { userQueryOptions } from '../session/user-details.ts';
import { libTexts } from '../texts.ts';
import { createLiveValue } from './live-value.ts';

/** idle: nothing asked for the link yet, or the session ended; reconnecting: lost or refused, retrying */
export type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting';

export type ServerMessageType = keyof ServerToPanel;
export type ServerMessageHandler<T extends ServerMessageType> = (payload: ServerToPanel[T]) => void;

type PanelSocket = Socket<PanelServerEvents, PanelClientEvents>;

/** ours: how long an emitted message waits for the server's acknowledgement */
const ACK_TIMEOUT_MS = 10_000;
/** ours: retries after a refused connection (the server said no, so Socket.IO does not retry itself) */
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 10_000;

const handlers = new Map<ServerMessageType, Set<(payload: never) => void>>();
/** handlers that hear messages without asking for the link (the command store): they never keep it open */
const passiveHandlers = new WeakSet<(payload: never) => void>();
const status = createLiveValue<RealtimeStatus>('idle');
/** device_id → online, as last reported by the server on this connection */
const presence = createLiveValue<ReadonlyMap<string, boolean>>(new Map());

let socket: PanelSocket | null = null;
let starting: Promise<PanelSocket | null> | null = null;
/** bumped by every close, so that a start still downloading the library cannot revive a closed link */
let generation = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failedAttempts = 0;

function dispatch(type: string, payload: unknown) {
  if (type === 'presence') {
    const { device_id, online } = payload as ServerToPanel['presence'];
    presence.set(new Map(presence.get()).set(device_id, online));
  }
  if (type === 'deviceStatus') updateDeviceState(payload as ServerToPanel['deviceStatus']);
  const listeners = handlers.get(type as ServerMessageType);
  if (!listeners) return;
  for (const listener of [...listeners]) {
    try {
      listener(payload as never);
    } catch (error) {
      console.error(`realtime handler for ${type} failed`, error);
    }
  }
}

/**
 * A phone's last state (decision 042) lives in the user's details, which the sidebar reads: the
 * server's `deviceStatus` replaces it there, so every screen showing the device sees it at once.
 */
function updateDeviceState({ device_id, ...state }: ServerToPanel['deviceStatus']) {
  queryClient.setQueryData(userQueryOptions.queryKey, (user) =>
    user
      ? {
          ...user,
          dispositivos: user.dispositivos.map((device) =>
            device.device_id === device_id ? { ...device, ...state } : device,
          ),
        }
      : user,
  );
}

/** A fresh customToken for every (re)connection: it is valid for connecting only during 1 hour. */
async function fetchPanelToken(): Promise<string> {
  const user = await queryClient.fetchQuery(userQueryOptions);
  const { customToken } = await callApi('createFirebaseAuthToken', {
    device_id: `${PANEL_DEVICE_ID_PREFIX}${user.id}`,
  });
  return customToken;
}

function scheduleRetry(target: PanelSocket) {
  clearTimeout(retryTimer);
  failedAttempts += 1;
  const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (failedAttempts - 1));
  retryTimer = setTimeout(
    () => {
      if (socket === target && authToken.get() !== null) target.connect();
    },
    delay * (0.75 + Math.random() * 0.5),
  );
}

function wire(target: PanelSocket) {
  target.on('connect', () => {
    failedAttempts = 0;
    clearTimeout(retryTimer);
    status.set('connected');
  });
  target.on('connect_error', () => {
    status.set('reconnecting');
    // `active` is false when the server refused us (e.g. an expired token): retry by hand with a new one
    if (!target.active) scheduleRetry(target);
  });
  target.on('disconnect', (reason) => {
    // presence is only known while connected; the server repeats it after the next connection
    presence.set(new Map());
    if (socket !== target) return;
    status.set('reconnecting');
    // The server closes a panel on purpose only when its session ended (signed out elsewhere, ended
    // from the session list, a password changed or reset; a restart is a "transport close"). So ask at
    // once: the token request is refused 401 and api-client sends the tab to Login now (decision 036);
    // a session still valid reconnects, and a second close in a row waits like any retry.
    if (reason === 'io server disconnect') {
      if (failedAttempts === 0) {
        failedAttempts = 1;
        target.connect();
      } else scheduleRetry(target);
    }
  });
  target.onAny((type: string, payload: unknown) => dispatch(type, payload));
}

// Watching the token from here, rather than closing the link from lib/session, keeps the first load
// free of any import of this module.
let sessionToken = authToken.get();
authToken.subscribe(() => {
  const current = authToken.get();
  if (current === sessionToken) return;
  sessionToken = current;
  closeRealtime();
});

/** Opens the link if it is not open yet. Without a session it does nothing. */
export function ensureRealtime(): Promise<PanelSocket | null> {
  if (socket) return Promise.resolve(socket);
  if (starting) return starting;
  if (authToken.get() === null) return Promise.resolve(null);
  const startedIn = generation;
  status.set('connecting');
  starting = (async () => {
    try {
      const [user, { io }] = await Promise.all([
        queryClient.fetchQuery(userQueryOptions),
        import('socket.io-client'),
      ]);
      if (startedIn !== generation || authToken.get() === null) return null;
      const url = user.info.cuadrante?.primary_fdb_url ?? `${window.location.origin}${PANEL_NAMESPACE}`;
      const created: PanelSocket = io(url, {
        auth: (send) => {
          fetchPanelToken().then(
            (token) => send({ token }),
            // the server refuses an empty token; connect_error then schedules another try
            () => send({ token: '' }),
          );
        },
        // WebSocket first (no cross-origin request needed in development); long polling if it fails
        transports: ['websocket', 'polling'],
        tryAllTransports: true,
      });
      socket = created;
      wire(created);
      return created;
    } catch (error) {
      // the user's details or the library could not be downloaded: try again while someone listens
      console.error('could not open the realtime link', error);
      if (startedIn === generation) {
        status.set('reconnecting');
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => {
          if (startedIn === generation && isListened()) void ensureRealtime();
        }, RETRY_MAX_MS);
      }
      return null;
    } finally {
      if (startedIn === generation) starting = null;
    }
  })();
  return starting;
}

/** Closes the link and forgets everything it knew (sign-out, or another account signed in). */
function closeRealtime(): void {
  generation += 1;
  clearTimeout(retryTimer);
  failedAttempts = 0;
  starting = null;
  const closing = socket;
  socket = null;
  closing?.disconnect();
  presence.set(new Map());
  status.set('idle');
  // another account signed in while pages were listening: they listen on a link of the new session
  if (isListened() && authToken.get() !== null) void ensureRealtime();
}

function isListened(): boolean {
  return [...handlers.values()].some((listeners) =>
    [...listeners].some((listener) => !passiveHandlers.has(listener)),
  );
}

/**
 * Listens to one server message type until the returned function is called, opening the link if needed
 * (it then stays open for the session). With `opensLink: false` the handler only hears what arrives
 * while some screen keeps the link open (lib/commands listens so for the whole session).
 */
export function subscribe<T extends ServerMessageType>(
  type: T,
  handler: ServerMessageHandler<T>,
  { opensLink = true }: { opensLink?: boolean } = {},
): () => void {
  const listeners = handlers.get(type) ?? new Set();
  handlers.set(type, listeners);
  const stored = handler as (payload: never) => void;
  listeners.add(stored);
  if (opensLink) void ensureRealtime();
  else passiveHandlers.add(stored);
  return () => {
    listeners.delete(stored);
  };
}

/**
 * Sends a message and resolves with the server's acknowledgement; never rejects. While the link is down
 * Socket.IO keeps the message for the next connection, but the answer is reported as a time-out.
 */
export async function emit<T extends keyof PanelToServer>(
  type: T,
  payload: PanelToServer[T],
  timeoutMs = ACK_TIMEOUT_MS,
): Promise<RealtimeAck> {
  const target = await ensureRealtime();
  if (!target) return { ok: false, code: 'NETWORK', message: libTexts.realtimeUnavailable };
  return new Promise<RealtimeAck>((resolve) => {
    // the typed event map cannot express `timeout()`'s extra error argument for a generic T
    const timed = target.timeout(timeoutMs) as unknown as {
      emit(event: string, data: unknown, ack: (error: Error | null, answer?: RealtimeAck) => void): void;
    };
    timed.emit(type, payload, (error, answer) => {
      if (error || !answer) resolve({ ok: false, code: 'TIMEOUT', message: libTexts.realtimeNoAnswer });
      else resolve(answer);
    });
  });
}

/**
 * Calls `onBack` each time the link comes back after it was lost (a phone between networks, a server
 * restart), until the returned function is called: what the server sent meanwhile was not heard, so
 * data kept live from messages (reports, a route's points, alerts) is asked for again. Not on the
 * link's first connection: the request that fetched the data, made before it, stands for that.
 */
export function onRealtimeReconnect(onBack: () => void): () => void {
  let wasLost = false;
  return status.subscribe(() => {
    const current = status.get();
    if (current === 'reconnecting') wasLost = true;
    else if (current === 'connected' && wasLost) {
      wasLost = false;
      onBack();
    }
  });
}

export const getRealtimeStatus = status.get;
export const subscribeRealtimeStatus = status.subscribe;
export const getPresence = presence.get;
export const subscribePresence = presence.subscribe;
