/**
 * Incoming realtime messages, registered the way HTTP routes are: each feature's `register<X>Messages`
 * names messages of the contract's maps and their handlers. Every socket is authenticated or refused.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import type { z } from 'zod';
import { deviceToServerMessages, errorMessages, panelToServerMessages } from '@escudo/contract';
import type { DeviceAuth, UserAuth } from '../http/routes.ts';
import { handleMessages, type Handlers } from './handle-messages.ts';
import type { DeviceSocket, PanelSocket, RealtimeHub } from './hub.ts';
import { deviceRoom, OPERATORS_ROOM, sessionRoom, userRoom } from './realtime-emitter.ts';

export type { DeviceSocket, PanelSocket } from './hub.ts';

/** Resolves the token a socket connects with to its owner, or null; one per namespace. */
export interface SocketAuthenticators {
  /** the panel's customToken (createFirebaseAuthToken) */
  panel: (token: unknown) => Promise<UserAuth | null>;
  device: (token: unknown) => Promise<DeviceAuth | null>;
  /** whether the phone was removed from its account (not merely given a new token) */
  isDeviceRemoved: (deviceRowId: number) => Promise<boolean>;
}

export type Sender<A, S> = { auth: A; socket: S };

/** One namespace's incoming messages: a handler per message, and what runs as a socket connects. */
export interface MessageSide<S extends Record<string, z.ZodType>, C> {
  on<K extends keyof S>(type: K, handler: Handlers<S, C>[K]): void;
  /** runs for every socket that connects, once its messages are listened to */
  onConnect(listener: (sender: C) => void): void;
  /**
   * runs with this process's connected sockets when the link between the processes comes back after a
   * loss (hub.ts): what other processes sent them meanwhile was lost
   */
  onLinkRestored(listener: (senders: C[]) => void): void;
}

export interface RealtimeMessages {
  panel: MessageSide<typeof panelToServerMessages, Sender<UserAuth, PanelSocket>>;
  device: MessageSide<typeof deviceToServerMessages, Sender<DeviceAuth, DeviceSocket>>;
  /** throws, at start-up, naming each message of the contract that no feature handles */
  assertEveryMessageHandled(): void;
}

/**
 * Authenticates one namespace's sockets, joins them to their rooms and hears their messages.
 */
function listen<S extends Record<string, z.ZodType>, A, C>(
  hub: RealtimeHub,
  namespace: Namespace,
  schemas: S,
  authenticate: (token: unknown) => Promise<A | null>,
  roomsOf: (auth: A) => string[],
  log: FastifyBaseLogger,
  isCheckedInRoom = false,
  onRefused?: (code: string) => void,
  /** what a connected socket whose token no longer holds is told before it is closed */
  tellStale?: (socket: Socket, auth: A) => Promise<void>,
) {
  const handlers: Partial<Handlers<S, C>> = {};
  const listeners: ((sender: C) => void)[] = [];
  namespace.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    authenticate(token)
      .then(async (auth) => {
        if (!auth) return next(connectionError('UNAUTHENTICATED'));
        socket.data = auth;
        await socket.join(roomsOf(auth));
        next();
      })
      .catch((error: unknown) => {
        // never the error's own text to the client (it may name tables or values)
        log.error({ err: error }, 'could not authenticate a realtime connection');
        next(connectionError('SERVER_BUSY'));
      });
  });
  // every handler is registered by the time a socket connects (app.ts checks it at start-up)
  namespace.on('connection', (socket: Socket) => {
    const sender = { auth: socket.data as A, socket } as C;
    handleMessages(socket, sender, schemas, handlers as Handlers<S, C>, log, onRefused);
    if (!isCheckedInRoom) {
      for (const listener of listeners) listener(sender);
      return;
    }
    // A token rotation disconnects the sockets of the device's room, but only connected ones: a
    // socket still in this middleware is not among them, and a look-up that began before the
    // rotation committed still finds the old token. So the token is asked for again once the socket
    // is connected, before it is told anything (pending orders): a rotation that commits later
    // finds it in the room, one that committed earlier is seen here (docs/device-protocol.md section 1: an
    // old token must not keep receiving commands).
    // A removal that commits in that window finds the socket in its room only if its message gets
    // there first; the phone is told here as it would have been there.
    const token = (socket.handshake.auth as { token?: unknown }).token;
    authenticate(token)
      .then(async (auth) => {
        if (!auth) {
          await tellStale?.(socket, socket.data as A);
          return void socket.disconnect(true);
        }
        if (socket.connected) for (const listener of listeners) listener(sender);
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'could not check a realtime connection again');
        socket.disconnect(true);
      });
  });
  const side: MessageSide<S, C> = {
    on(type, handler) {
      if (!Object.hasOwn(schemas, type)) throw new Error(`not a message of the contract: ${String(type)}`);
      if (handlers[type]) throw new Error(`realtime message ${String(type)} is handled twice`);
      handlers[type] = handler;
    },
    onConnect: (listener) => listeners.push(listener),
    onLinkRestored(listener) {
      hub.onLinkRestored(() =>
        listener([...namespace.sockets.values()].map((socket) => ({ auth: socket.data as A, socket }) as C)),
      );
    },
  };
  return { side, unhandled: () => Object.keys(schemas).filter((type) => !Object.hasOwn(handlers, type)) };
}

export function createRealtimeMessages(
  hub: RealtimeHub,
  authenticators: SocketAuthenticators,
  log: FastifyBaseLogger,
  /** told the code of every refused message (the metrics count the rate limits) */
  onRefused?: (code: string) => void,
): RealtimeMessages {
  const panel = listen<typeof panelToServerMessages, UserAuth, Sender<UserAuth, PanelSocket>>(
    hub,
    hub.panel as unknown as Namespace,
    panelToServerMessages,
    authenticators.panel,
    // an operator's panel also hears the central's queue (decision 062)
    (auth) => [
      userRoom(auth.userId),
      sessionRoom(auth.sessionId),
      ...(auth.role === 'operator' ? [OPERATORS_ROOM] : []),
    ],
    log,
    false,
    onRefused,
  );
  const device = listen<typeof deviceToServerMessages, DeviceAuth, Sender<DeviceAuth, DeviceSocket>>(
    hub,
    hub.device as unknown as Namespace,
    deviceToServerMessages,
    authenticators.device,
    (auth) => [deviceRoom(auth.deviceRowId)],
    log,
    true,
    onRefused,
    async (socket, auth) => {
      if (await authenticators.isDeviceRemoved(auth.deviceRowId)) socket.emit('deviceRemoved', {});
    },
  );
  return {
    panel: panel.side,
    device: device.side,
    assertEveryMessageHandled() {
      const missing = [
        ...panel.unhandled().map((type) => `panel ${type}`),
        ...device.unhandled().map((type) => `device ${type}`),
      ];
      if (missing.length > 0) throw new Error(`realtime messages without a handler: ${missing.join(', ')}`);
    },
  };
}

/** The error a refused connection gets: its message is Spanish, its `data.code` the API's code. */
function connectionError(code: 'UNAUTHENTICATED' | 'SERVER_BUSY') {
  return Object.assign(new Error(errorMessages[code]), { data: { code } });
}
