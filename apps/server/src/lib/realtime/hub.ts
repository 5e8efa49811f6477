/**
 * Socket.IO on the API's own HTTP server (decision 007): the panel and phone namespaces and the emitter.
 * With REDIS_URL, Redis's sharded pub/sub carries messages between server processes, each to the
 * process that holds its room (decision 060). Socket.IO serves every client in every mode (decision 056).
 */
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Namespace, type Socket } from 'socket.io';
import { createShardedAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import {
  DEVICE_NAMESPACE,
  PANEL_NAMESPACE,
  type DeviceClientEvents,
  type DeviceServerEvents,
  type PanelClientEvents,
  type PanelServerEvents,
} from '@escudo/contract';
import type { DeviceAuth, UserAuth } from '../http/routes.ts';
import {
  deviceRoom,
  OPERATORS_ROOM,
  sessionRoom,
  userRoom,
  type RealtimeEmitter,
} from './realtime-emitter.ts';
import { reasonOf, ServiceUnavailableError, whereIs } from '../unavailable.ts';
import { keepSubscriptions } from './redis-subscriptions.ts';

/** what one server process tells the others through Redis (Socket.IO's serverSideEmit) */
interface BetweenProcesses {
  /** this process reached Redis again after losing it: what it sent meanwhile reached nobody else */
  linkRestored: () => void;
}
type PanelNamespace = Namespace<PanelClientEvents, PanelServerEvents, object, UserAuth>;
type DeviceNamespace = Namespace<DeviceClientEvents, DeviceServerEvents, BetweenProcesses, DeviceAuth>;
export type PanelSocket = Socket<PanelClientEvents, PanelServerEvents, object, UserAuth>;
export type DeviceSocket = Socket<DeviceClientEvents, DeviceServerEvents, object, DeviceAuth>;

export interface RealtimeHub extends RealtimeEmitter {
  panel: PanelNamespace;
  device: DeviceNamespace;
  /** starts taking connections on the API's HTTP server (without it, messages still reach Redis) */
  attach(httpServer: HttpServer): void;
  /** sockets connected to this process (not the others'), for the metrics */
  connectionCounts(): { phones: number; panels: number };
  /**
   * readiness: resolves when Redis answers PING (at once without REDIS_URL), throws while the client
   * is disconnected or reconnecting, so that a PING is never queued until Redis comes back
   */
  checkRedis(): Promise<void>;
  /**
   * runs when the link between the processes comes back after a loss, this process's or another's:
   * messages sent to this process's sockets from elsewhere in the meantime were lost
   */
  onLinkRestored(listener: () => void): void;
  /**
   * closes every socket and the Redis connection; a second call waits for the first. Clients see
   * their transport close, not a disconnection by the server, so they reconnect by themselves, to
   * whichever process the balancer picks (decision 030)
   */
  close(): Promise<void>;
}

/** how long a connection to Redis may take before it counts as failed */
const REDIS_CONNECT_TIMEOUT_MS = 5000;
/** the longest wait between two tries to reach a lost Redis */
const REDIS_RECONNECT_MAX_MS = 2000;

/**
 * how long a question to the other processes (which phones are connected) may wait before this process
 * answers with what it knows: a stopped process never answers, and Socket.IO would wait 5 s
 */
const ASK_PROCESSES_MS = 500;

/** a message over this closes the connection (engine.io's rule); ours, smaller, only refuses it */
const MAX_PACKET_BYTES = 256 * 1024;

type RedisClient = ReturnType<typeof createClient>;

/**
 * The adapter's two clients: `redis` publishes; `subscriber`, its duplicate, holds the subscriptions
 * (a subscribed client sends nothing else). At start-up a Redis that cannot be reached stops the start
 * (main.ts says which); once it has answered, a lost Redis is tried again, and realtime recovers
 * when it is back.
 */
async function connectRedis(
  redisUrl: string,
  log: FastifyBaseLogger,
): Promise<{ redis: RedisClient; subscriber: RedisClient }> {
  let hasConnected = false;
  const redis = createClient({
    url: redisUrl,
    socket: {
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries, cause) =>
        hasConnected ? Math.min(100 * 2 ** retries, REDIS_RECONNECT_MAX_MS) : cause,
    },
  });
  redis.on('error', (error) => log.error({ err: error }, 'redis (realtime adapter) error'));
  const unreachable = (error: unknown) => {
    throw new ServiceUnavailableError(
      `No se puede conectar a Redis ${whereIs(redisUrl)} (REDIS_URL): ${reasonOf(error)}.`,
    );
  };
  await redis.connect().catch(unreachable);
  const subscriber = keepSubscriptions(redis.duplicate(), log);
  subscriber.on('error', (error) => log.error({ err: error }, 'redis (realtime subscriber) error'));
  await subscriber.connect().catch(unreachable);
  hasConnected = true;
  return { redis, subscriber };
}

/** Sockets are authenticated and heard by `createRealtimeMessages` (messages.ts). */
export async function createRealtimeHub(options: {
  redisUrl?: string | undefined;
  /** names this deployment's Redis channels (REDIS_CHANNEL_PREFIX) */
  channelPrefix: string;
  log: FastifyBaseLogger;
}): Promise<RealtimeHub> {
  const io = new Server({
    serveClient: false,
    maxHttpBufferSize: MAX_PACKET_BYTES,
    // the panel is served by this server: same origin, no CORS needed
    cors: undefined,
  });
  const { redis, subscriber } = options.redisUrl
    ? await connectRedis(options.redisUrl, options.log)
    : { redis: null, subscriber: null };
  if (redis && subscriber) {
    // 'dynamic': a process subscribes to the channels of the rooms it holds, so a message to a phone
    // reaches only the process the phone is connected to (decision 060)
    io.adapter(
      createShardedAdapter(redis, subscriber, {
        channelPrefix: options.channelPrefix,
        subscriptionMode: 'dynamic',
      }),
    );
  }
  let attached = false;
  const linkListeners: (() => void)[] = [];
  const tellLinkRestored = () => {
    for (const listener of linkListeners) listener();
  };
  // the offline queue is kept (a publish while Redis is away waits in it), so what must not wait for
  // Redis is sent to this process's sockets only while it is away
  const isLinked = () => redis?.isReady === true && subscriber?.isReady === true;
  /** closing twice (the server's shutdown, then the context's) closes once */
  let closing: Promise<void> | undefined;
  const panel = io.of(PANEL_NAMESPACE) as PanelNamespace;
  const device = io.of(DEVICE_NAMESPACE) as DeviceNamespace;
  /** one of this process's sockets is in the room (a phone's: it is connected) */
  const isInLocalRoom = (room: string) => device.adapter.rooms.has(room);
  // Socket.IO's broadcast encodes the packet and builds its frame before it looks for anyone in the
  // room (bench/RESULTS.md, session 17): without Redis it runs only when one of its sockets is there
  const emitToRoom = (namespace: Namespace, room: string, type: string, payload: unknown) => {
    if (isLinked()) (namespace.to(room).emit as (event: string, data: unknown) => void)(type, payload);
    else if (namespace.adapter.rooms.has(room))
      (namespace.local.to(room).emit as (event: string, data: unknown) => void)(type, payload);
  };
  /** the phones of these rooms connected to some process; what this one knows when the others are silent */
  const connectedIn = async (deviceRowIds: readonly number[]): Promise<Set<number>> => {
    const local = () => new Set(deviceRowIds.filter((id) => isInLocalRoom(deviceRoom(id))));
    // one process: its own rooms say it, without fetchSockets' copy of every socket (it runs on every
    // user details)
    if (!isLinked()) return local();
    try {
      // one request to every process for all the rooms; each socket carries its DeviceAuth
      const sockets = await device.in(deviceRowIds.map(deviceRoom)).timeout(ASK_PROCESSES_MS).fetchSockets();
      return new Set(sockets.map((socket) => socket.data.deviceRowId));
    } catch (error) {
      options.log.warn({ err: error }, 'another process did not say which phones it holds');
      return local();
    }
  };
  // the first 'ready' of each client is the start's (before these listeners); a later one follows a
  // loss, and the link is back once both clients are (the subscriber has subscribed again)
  const onReady = () => {
    if (!isLinked()) return;
    options.log.info('redis (realtime adapter) is back: what was sent meanwhile is sent again');
    device.serverSideEmit('linkRestored');
    tellLinkRestored();
  };
  redis?.on('ready', onReady);
  subscriber?.on('ready', onReady);
  device.on('linkRestored', tellLinkRestored);

  return {
    panel,
    device,
    attach(httpServer) {
      io.attach(httpServer);
      attached = true;
    },
    toDevice(deviceRowId, type, payload) {
      emitToRoom(device as unknown as Namespace, deviceRoom(deviceRowId), type, payload);
    },
    toUser(userId, type, payload) {
      emitToRoom(panel as unknown as Namespace, userRoom(userId), type, payload);
    },
    toOperators(type, payload) {
      emitToRoom(panel as unknown as Namespace, OPERATORS_ROOM, type, payload);
    },
    async isDeviceOnline(deviceRowId) {
      return (await connectedIn([deviceRowId])).has(deviceRowId);
    },
    async onlineDevices(deviceRowIds) {
      if (deviceRowIds.length === 0) return new Set();
      return connectedIn(deviceRowIds);
    },
    disconnectPanels(which) {
      const room = 'sessionId' in which ? sessionRoom(which.sessionId) : userRoom(which.userId);
      (isLinked() ? panel : panel.local).in(room).disconnectSockets(true);
    },
    disconnectDevice(deviceRowId) {
      (isLinked() ? device : device.local).in(deviceRoom(deviceRowId)).disconnectSockets(true);
    },
    connectionCounts() {
      return {
        phones: device.sockets.size,
        panels: panel.sockets.size,
      };
    },
    onLinkRestored(listener) {
      linkListeners.push(listener);
    },
    async checkRedis() {
      if (!redis) return;
      if (!redis.isReady || !subscriber?.isReady) throw new Error('redis is not connected');
      await redis.ping();
    },
    close() {
      closing ??= (async () => {
        // Socket.IO's close() ends each client's transport ("transport close" on the client, which then
        // reconnects on its own), unlike disconnectSockets(), after which a client stays away ("io server
        // disconnect"). It needs the engine that attach() starts (the admin command never attaches).
        if (attached) await new Promise<void>((resolve) => io.close(() => resolve()));
        for (const client of [redis, subscriber]) await client?.quit().catch(() => undefined);
      })();
      return closing;
    },
  };
}
