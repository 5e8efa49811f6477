/**
 * Incoming realtime messages, registered the way HTTP routes are (lib/http/routes.ts): app.ts creates
 * one `RealtimeMessages` with the authenticators, and each feature's `register<X>Messages(messages,
 * ctx)` names messages of the contract's maps (realtime.ts) and their handlers. Every socket is
 * authenticated before it connects or is refused (STYLE.md #4); every message is checked
 * (handle-messages.ts) before its handler runs. This file knows no feature.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { deviceToServerMessages, panelToServerMessages } from '@escudo/contract';
import type { DeviceAuth, UserAuth } from '../http/routes.ts';
import { handleMessages, type MessageHandler } from './handle-messages.ts';
import { connectionError, type DeviceSocket, type PanelSocket, type RealtimeHub } from './hub.ts';
import { deviceRoom, sessionRoom, userRoom } from './realtime-emitter.ts';

export type { DeviceSocket, PanelSocket } from './hub.ts';

/** Resolves the token a socket connects with to its owner, or null; one per namespace. */
export interface SocketAuthenticators {
  /** the panel's customToken (createFirebaseAuthToken) */
  panel: (token: unknown) => Promise<UserAuth | null>;
  /** a phone's device token */
  device: (token: unknown) => Promise<DeviceAuth | null>;
}

/** Who sent a message: the authenticated owner of the socket, and the socket itself. */
export interface Sender<A, S> {
  auth: A;
  socket: S;
}
export type PanelSender = Sender<UserAuth, PanelSocket>;
export type DeviceSender = Sender<DeviceAuth, DeviceSocket>;

type PanelMessages = typeof panelToServerMessages;
type DeviceMessages = typeof deviceToServerMessages;
type Handlers<S extends Record<string, z.ZodType>, C> = {
  [K in keyof S]?: MessageHandler<C, z.output<S[K]>>;
};

export interface RealtimeMessages {
  /** the handler of one message a panel sends */
  panel<K extends keyof PanelMessages>(
    type: K,
    handler: MessageHandler<PanelSender, z.output<PanelMessages[K]>>,
  ): void;
  /** the handler of one message a phone sends */
  device<K extends keyof DeviceMessages>(
    type: K,
    handler: MessageHandler<DeviceSender, z.output<DeviceMessages[K]>>,
  ): void;
  /** runs for every panel that connects, once its messages are listened to */
  onPanelConnect(listener: (sender: PanelSender) => void): void;
  /** runs for every phone that connects, once its messages are listened to */
  onDeviceConnect(listener: (sender: DeviceSender) => void): void;
  /** throws, at start-up, naming each message of the contract that no feature handles */
  assertEveryMessageHandled(): void;
}

/**
 * The database failed while a socket was being authenticated: logged here, and the client is told to
 * try again, never the error's own text (it may name tables or values).
 */
function refuseOnFailure(error: unknown, next: (error: Error) => void, log: FastifyBaseLogger) {
  log.error({ err: error }, 'could not authenticate a realtime connection');
  next(connectionError('SERVER_BUSY'));
}

function register<S extends Record<string, z.ZodType>, C>(schemas: S, handlers: Handlers<S, C>) {
  return <K extends keyof S>(type: K, handler: MessageHandler<C, z.output<S[K]>>) => {
    if (!Object.hasOwn(schemas, type)) throw new Error(`not a message of the contract: ${String(type)}`);
    if (handlers[type]) throw new Error(`realtime message ${String(type)} is handled twice`);
    handlers[type] = handler;
  };
}

export function createRealtimeMessages(
  hub: RealtimeHub,
  authenticators: SocketAuthenticators,
  log: FastifyBaseLogger,
): RealtimeMessages {
  const panelHandlers: Handlers<PanelMessages, PanelSender> = {};
  const deviceHandlers: Handlers<DeviceMessages, DeviceSender> = {};
  const panelListeners: ((sender: PanelSender) => void)[] = [];
  const deviceListeners: ((sender: DeviceSender) => void)[] = [];

  hub.panel.use((socket, next) => {
    authenticators
      .panel((socket.handshake.auth as { token?: unknown }).token)
      .then((auth) => {
        if (!auth) return next(connectionError('UNAUTHENTICATED'));
        socket.data = auth;
        void socket.join([userRoom(auth.userId), sessionRoom(auth.sessionId)]);
        next();
      })
      .catch((error: unknown) => refuseOnFailure(error, next, log));
  });
  hub.device.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    const check = () => authenticators.device(token);
    check()
      .then(async (auth) => {
        if (!auth) return next(connectionError('UNAUTHENTICATED'));
        socket.data = auth;
        await socket.join(deviceRoom(auth.deviceRowId));
        // A registration that rotates the token disconnects the device's room. One that commits
        // between the look-up above and the join would miss this socket: asking again once in the
        // room closes that gap (issue 12: an old token must not keep receiving commands).
        if (!(await check())) {
          await socket.leave(deviceRoom(auth.deviceRowId));
          return next(connectionError('UNAUTHENTICATED'));
        }
        next();
      })
      .catch((error: unknown) => refuseOnFailure(error, next, log));
  });

  // every handler is registered by the time a socket connects (app.ts checks it at start-up)
  hub.panel.on('connection', (socket) => {
    const sender: PanelSender = { auth: socket.data, socket };
    handleMessages(
      socket,
      sender,
      panelToServerMessages,
      panelHandlers as Required<typeof panelHandlers>,
      log,
    );
    for (const listener of panelListeners) listener(sender);
  });
  hub.device.on('connection', (socket) => {
    const sender: DeviceSender = { auth: socket.data, socket };
    handleMessages(
      socket,
      sender,
      deviceToServerMessages,
      deviceHandlers as Required<typeof deviceHandlers>,
      log,
    );
    for (const listener of deviceListeners) listener(sender);
  });

  return {
    panel: register(panelToServerMessages, panelHandlers),
    device: register(deviceToServerMessages, deviceHandlers),
    onPanelConnect: (listener) => panelListeners.push(listener),
    onDeviceConnect: (listener) => deviceListeners.push(listener),
    assertEveryMessageHandled() {
      const missing = [
        ...Object.keys(panelToServerMessages)
          .filter((type) => !Object.hasOwn(panelHandlers, type))
          .map((type) => `panel ${type}`),
        ...Object.keys(deviceToServerMessages)
          .filter((type) => !Object.hasOwn(deviceHandlers, type))
          .map((type) => `device ${type}`),
      ];
      if (missing.length > 0) throw new Error(`realtime messages without a handler: ${missing.join(', ')}`);
    },
  };
}
