/**
 * The realtime hub (issue 3): Socket.IO on the API's own HTTP server, namespaces /panel and /device.
 * Every socket is authenticated before it connects or is refused (STYLE.md #4); every message is
 * checked against the contract's maps, its size and the sender's rate, and then against ownership:
 * a panel only speaks about its user's devices, a phone only about itself. A refused message gets a
 * clear answer and the socket stays up. With REDIS_URL the Redis streams adapter carries messages
 * between server processes; otherwise everything stays in this process's memory.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Namespace, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';
import type { z } from 'zod';
import {
  DEVICE_NAMESPACE,
  PANEL_NAMESPACE,
  REALTIME_MESSAGES_PER_SECOND,
  REALTIME_MESSAGE_MAX_BYTES,
  deviceToServerMessages,
  errorMessages,
  panelToServerMessages,
  type DeviceClientEvents,
  type DeviceServerEvents,
  type PanelClientEvents,
  type PanelServerEvents,
  type RealtimeAck,
} from '@escudo/contract';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { isInvalidInput } from '../lib/db/errors.ts';
import type { DeviceAuth, UserAuth } from '../lib/http/routes.ts';
import { findDeviceByToken } from '../devices/device-auth.ts';
import { verifyPanelToken } from './panel-token.ts';
import { deviceRoom, sessionRoom, userRoom, type RealtimeEmitter } from './realtime-emitter.ts';
import { createRateLimiter } from './rate-limiter.ts';

type PanelNamespace = Namespace<PanelClientEvents, PanelServerEvents, object, UserAuth>;
type DeviceNamespace = Namespace<DeviceClientEvents, DeviceServerEvents, object, DeviceAuth>;
export type PanelSocket = Socket<PanelClientEvents, PanelServerEvents, object, UserAuth>;
export type DeviceSocket = Socket<DeviceClientEvents, DeviceServerEvents, object, DeviceAuth>;

export interface RealtimeHub extends RealtimeEmitter {
  io: Server;
  panel: PanelNamespace;
  device: DeviceNamespace;
  /** closes every socket and the Redis connection */
  close(): Promise<void>;
}

export interface HubOptions {
  redisUrl?: string | undefined;
  redisStream: string;
  log: AppContext['log'];
}

/** Creates the Socket.IO server; handlers are attached later by `attachRealtimeHandlers`. */
export async function createRealtimeHub(httpServer: HttpServer, options: HubOptions): Promise<RealtimeHub> {
  const io = new Server(httpServer, {
    serveClient: false,
    // a message over this closes the connection (engine.io's rule); ours, smaller, only refuses it
    maxHttpBufferSize: 256 * 1024,
    // the panel is served by this server: same origin, no CORS needed
    cors: undefined,
  });
  let redis: ReturnType<typeof createClient> | null = null;
  if (options.redisUrl) {
    redis = createClient({ url: options.redisUrl });
    redis.on('error', (error) => options.log.error({ err: error }, 'redis (realtime adapter) error'));
    await redis.connect();
    io.adapter(createAdapter(redis, { streamName: options.redisStream }));
  }
  const panel = io.of(PANEL_NAMESPACE) as PanelNamespace;
  const device = io.of(DEVICE_NAMESPACE) as DeviceNamespace;

  return {
    io,
    panel,
    device,
    toDevice(deviceRowId, type, payload) {
      (device.to(deviceRoom(deviceRowId)).emit as (event: string, data: unknown) => void)(type, payload);
    },
    toUser(userId, type, payload) {
      (panel.to(userRoom(userId)).emit as (event: string, data: unknown) => void)(type, payload);
    },
    async isDeviceOnline(deviceRowId) {
      try {
        const sockets = await device.in(deviceRoom(deviceRowId)).fetchSockets();
        return sockets.length > 0;
      } catch (error) {
        // another process did not answer in time: say "unknown" as offline rather than fail the call
        options.log.warn({ err: error }, 'could not ask the other processes about a phone');
        return false;
      }
    },
    disconnectPanels(which) {
      panel
        .in('sessionId' in which ? sessionRoom(which.sessionId) : userRoom(which.userId))
        .disconnectSockets(true);
    },
    disconnectDevice(deviceRowId) {
      device.in(deviceRoom(deviceRowId)).disconnectSockets(true);
    },
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
      });
      if (redis) await redis.quit().catch(() => undefined);
    },
  };
}

/** What a message handler gets: the payload already parsed by the contract, and who sent it. */
type MessageHandler<A, P> = (payload: P, auth: A) => Promise<void>;

/**
 * Registers the handlers of one socket for the messages of `schemas`. Each message is refused, with an
 * ack `{ok:false, code, message}` (or a `rejected` message when the sender gave no ack callback), when
 * it is unknown, too big, too frequent, malformed, or not the sender's business; the socket stays up.
 */
export function handleMessages<S extends Record<string, z.ZodType>, A>(
  socket: Socket,
  auth: A,
  schemas: S,
  handlers: { [K in keyof S]: MessageHandler<A, z.output<S[K]>> },
  log: AppContext['log'],
): void {
  const limiter = createRateLimiter(REALTIME_MESSAGES_PER_SECOND, REALTIME_MESSAGES_PER_SECOND * 2);
  const refuse = (type: string, error: AppError, ack: unknown) => {
    const answer: RealtimeAck = { ok: false, code: error.code, message: error.message };
    if (typeof ack === 'function') (ack as (answer: RealtimeAck) => void)(answer);
    else socket.emit('rejected', { type, code: error.code, message: error.message });
  };

  socket.onAny((type: unknown, ...args: unknown[]) => {
    if (typeof type === 'string' && Object.hasOwn(schemas, type)) return;
    refuse(
      String(type).slice(0, 64),
      new AppError('VALIDATION', `Tipo de mensaje desconocido: ${String(type).slice(0, 64)}`),
      args.at(-1),
    );
  });

  for (const type of Object.keys(schemas) as (keyof S & string)[]) {
    // the socket is untyped here: this function is what turns unknown input into typed payloads
    const untyped = socket as unknown as { on(event: string, listener: (...args: unknown[]) => void): void };
    untyped.on(type, async (...args: unknown[]) => {
      const ack = typeof args.at(-1) === 'function' ? args.at(-1) : undefined;
      const payload = args[0];
      if (!limiter.take()) return refuse(type, new AppError('RATE_LIMITED'), ack);
      let size: number;
      try {
        size = Buffer.byteLength(JSON.stringify(payload) ?? '');
      } catch {
        return refuse(type, new AppError('VALIDATION'), ack);
      }
      if (size > REALTIME_MESSAGE_MAX_BYTES) return refuse(type, new AppError('PAYLOAD_TOO_LARGE'), ack);
      const parsed = schemas[type]!.safeParse(payload);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
        return refuse(
          type,
          new AppError('VALIDATION', `${errorMessages.VALIDATION} ${issue?.message ?? ''}${where}`.trim()),
          ack,
        );
      }
      try {
        await handlers[type](parsed.data as never, auth);
        if (ack) (ack as (answer: RealtimeAck) => void)({ ok: true });
      } catch (error) {
        if (error instanceof AppError) return refuse(type, error, ack);
        if (isInvalidInput(error)) {
          // the contract should have refused it (error-handler.ts does the same for HTTP)
          log.warn({ err: error, type }, 'input the contract let through was refused by the database');
          return refuse(type, new AppError('VALIDATION'), ack);
        }
        log.error({ err: error, type }, 'realtime message failed');
        refuse(type, new AppError('INTERNAL'), ack);
      }
    });
  }
}

/** The error a refused connection gets: its message is Spanish, its `data.code` the API's code. */
export function connectionError(code: 'UNAUTHENTICATED' | 'SERVER_BUSY'): Error & { data: { code: string } } {
  const error = new Error(errorMessages[code]) as Error & { data: { code: string } };
  error.data = { code };
  return error;
}

/**
 * The database failed while a socket was being authenticated: logged here, and the client is told to
 * try again, never the error's own text (it may name tables or values).
 */
function refuseOnFailure(error: unknown, next: (error: Error) => void, log: AppContext['log']) {
  log.error({ err: error }, 'could not authenticate a realtime connection');
  next(connectionError('SERVER_BUSY'));
}

export const panelSchemas = panelToServerMessages;
export const deviceSchemas = deviceToServerMessages;

/** Authenticates both namespaces; the feature handlers join rooms and listen (realtime.handlers.ts). */
export function authenticateSockets(hub: RealtimeHub, ctx: AppContext): void {
  hub.panel.use((socket, next) => {
    verifyPanelToken(ctx, (socket.handshake.auth as { token?: unknown }).token)
      .then((auth) => {
        if (!auth) return next(connectionError('UNAUTHENTICATED'));
        socket.data = auth;
        void socket.join([userRoom(auth.userId), sessionRoom(auth.sessionId)]);
        next();
      })
      .catch((error: unknown) => refuseOnFailure(error, next, ctx.log));
  });
  hub.device.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    const check = () => findDeviceByToken(ctx, typeof token === 'string' ? token : '');
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
      .catch((error: unknown) => refuseOnFailure(error, next, ctx.log));
  });
}
