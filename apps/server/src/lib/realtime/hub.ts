/**
 * Socket.IO on the API's own HTTP server (decision 007): the panel and phone namespaces and the emitter.
 * With REDIS_URL the Redis streams adapter carries messages between server processes.
 *
 * Without REDIS_URL (one process), a client that opens a WebSocket at once is served by wire.ts,
 * which speaks the same protocol without Socket.IO's layers, in half the memory a phone (decision
 * 046); Socket.IO serves the rest (the panel's long polling). Each message out goes to both.
 */
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Namespace, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
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
import { deviceRoom, sessionRoom, userRoom, type RealtimeEmitter } from './realtime-emitter.ts';
import { reasonOf, ServiceUnavailableError, whereIs } from '../unavailable.ts';
import { createWireServer, type WireNamespace } from './wire.ts';

type PanelNamespace = Namespace<PanelClientEvents, PanelServerEvents, object, UserAuth>;
type DeviceNamespace = Namespace<DeviceClientEvents, DeviceServerEvents, object, DeviceAuth>;
export type PanelSocket = Socket<PanelClientEvents, PanelServerEvents, object, UserAuth>;
export type DeviceSocket = Socket<DeviceClientEvents, DeviceServerEvents, object, DeviceAuth>;

export interface RealtimeHub extends RealtimeEmitter {
  panel: PanelNamespace;
  device: DeviceNamespace;
  /**
   * the same namespaces for the clients wire.ts serves (decision 046); null with REDIS_URL, until
   * messages between processes reach them
   */
  wire: { panel: WireNamespace; device: WireNamespace } | null;
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

/** a message over this closes the connection (engine.io's rule); ours, smaller, only refuses it */
const MAX_PACKET_BYTES = 256 * 1024;

/** Sockets are authenticated and heard by `createRealtimeMessages` (messages.ts). */
export async function createRealtimeHub(options: {
  redisUrl?: string | undefined;
  redisStream: string;
  log: FastifyBaseLogger;
}): Promise<RealtimeHub> {
  const io = new Server({
    serveClient: false,
    maxHttpBufferSize: MAX_PACKET_BYTES,
    // the panel is served by this server: same origin, no CORS needed
    cors: undefined,
  });
  let redis: ReturnType<typeof createClient> | null = null;
  if (options.redisUrl) {
    const redisUrl = options.redisUrl;
    let hasConnected = false;
    redis = createClient({
      url: redisUrl,
      socket: {
        connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
        // at start-up a Redis that cannot be reached stops the start (main.ts says which); once it
        // has answered, a lost Redis is tried again, and realtime recovers when it is back
        reconnectStrategy: (retries, cause) =>
          hasConnected ? Math.min(100 * 2 ** retries, REDIS_RECONNECT_MAX_MS) : cause,
      },
    });
    redis.on('error', (error) => options.log.error({ err: error }, 'redis (realtime adapter) error'));
    await redis.connect().catch((error: unknown) => {
      throw new ServiceUnavailableError(
        `No se puede conectar a Redis ${whereIs(redisUrl)} (REDIS_URL): ${reasonOf(error)}.`,
      );
    });
    hasConnected = true;
    io.adapter(createAdapter(redis, { streamName: options.redisStream }));
  }
  let attached = false;
  /** closing twice (the server's shutdown, then the context's) closes once */
  let closing: Promise<void> | undefined;
  const panel = io.of(PANEL_NAMESPACE) as PanelNamespace;
  const device = io.of(DEVICE_NAMESPACE) as DeviceNamespace;
  const wireServer = redis
    ? null
    : createWireServer({ path: '/socket.io/', maxPayload: MAX_PACKET_BYTES, log: options.log });
  const wire = wireServer && {
    panel: wireServer.of(PANEL_NAMESPACE),
    device: wireServer.of(DEVICE_NAMESPACE),
  };
  /** one of this process's sockets, on Socket.IO or wire.ts, is in the room (a phone's: it is connected) */
  const isInLocalRoom = (room: string) =>
    device.adapter.rooms.has(room) || (wire?.device.socketsIn(room).length ?? 0) > 0;
  // Socket.IO's broadcast encodes the packet and builds its frame before it looks for anyone in the
  // room (bench/RESULTS.md, session 17): without Redis it runs only when one of its sockets is there
  const emitToRoom = (
    namespace: Namespace,
    wireSide: WireNamespace | undefined,
    room: string,
    type: string,
    payload: unknown,
  ) => {
    if (!wire || namespace.adapter.rooms.has(room))
      (namespace.to(room).emit as (event: string, data: unknown) => void)(type, payload);
    wireSide?.emitTo(room, type, payload);
  };

  return {
    panel,
    device,
    wire,
    attach(httpServer) {
      io.attach(httpServer);
      if (wireServer) {
        // engine.io's own upgrade listener gets every upgrade wire.ts does not take
        const engineUpgrades = httpServer.listeners('upgrade') as ((...args: unknown[]) => void)[];
        httpServer.removeAllListeners('upgrade');
        httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
          if (wireServer.accepts(request)) return wireServer.handleUpgrade(request, socket, head);
          for (const listener of engineUpgrades) listener.call(httpServer, request, socket, head);
        });
      }
      attached = true;
    },
    toDevice(deviceRowId, type, payload) {
      emitToRoom(device as unknown as Namespace, wire?.device, deviceRoom(deviceRowId), type, payload);
    },
    toUser(userId, type, payload) {
      emitToRoom(panel as unknown as Namespace, wire?.panel, userRoom(userId), type, payload);
    },
    async isDeviceOnline(deviceRowId) {
      if (!redis) return isInLocalRoom(deviceRoom(deviceRowId));
      // with Redis every socket is Socket.IO's (wire.ts serves one process only)
      try {
        return (await device.in(deviceRoom(deviceRowId)).fetchSockets()).length > 0;
      } catch (error) {
        // another process did not answer in time: say "unknown" as offline rather than fail the call
        options.log.warn({ err: error }, 'could not ask the other processes about a phone');
        return false;
      }
    },
    async onlineDevices(deviceRowIds) {
      if (deviceRowIds.length === 0) return new Set();
      // one process: its own rooms say it, without fetchSockets' copy of every socket (it runs on
      // every user details)
      if (!redis) return new Set(deviceRowIds.filter((id) => isInLocalRoom(deviceRoom(id))));
      try {
        // one request to every process for all the rooms; each socket carries its DeviceAuth
        const rooms = deviceRowIds.map(deviceRoom);
        const sockets = await device.in(rooms).fetchSockets();
        return new Set(sockets.map((socket) => socket.data.deviceRowId));
      } catch (error) {
        options.log.warn({ err: error }, 'could not ask the other processes about phones');
        return new Set();
      }
    },
    disconnectPanels(which) {
      const room = 'sessionId' in which ? sessionRoom(which.sessionId) : userRoom(which.userId);
      panel.in(room).disconnectSockets(true);
      for (const socket of wire?.panel.socketsIn(room) ?? []) socket.disconnect(true);
    },
    disconnectDevice(deviceRowId) {
      device.in(deviceRoom(deviceRowId)).disconnectSockets(true);
      for (const socket of wire?.device.socketsIn(deviceRoom(deviceRowId)) ?? []) socket.disconnect(true);
    },
    connectionCounts() {
      return {
        phones: device.sockets.size + (wire?.device.sockets.size ?? 0),
        panels: panel.sockets.size + (wire?.panel.sockets.size ?? 0),
      };
    },
    async checkRedis() {
      if (!redis) return;
      if (!redis.isReady) throw new Error('redis is not connected');
      await redis.ping();
    },
    close() {
      closing ??= (async () => {
        // Socket.IO's close() ends each client's transport ("transport close" on the client, which then
        // reconnects on its own), unlike disconnectSockets(), after which a client stays away ("io server
        // disconnect"). It needs the engine that attach() starts (the admin command never attaches).
        wireServer?.close();
        if (attached) await new Promise<void>((resolve) => io.close(() => resolve()));
        if (redis) await redis.quit().catch(() => undefined);
      })();
      return closing;
    },
  };
}
