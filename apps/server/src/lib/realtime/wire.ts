/**
 * Socket.IO's wire protocol, spoken by us over `ws`, for the clients that open a WebSocket at once
 * (`transports: ['websocket']`: the phones, and the panel's first try); decision 046. The clients keep
 * socket.io-client and the contract's messages; what the server leaves out is Socket.IO's layers of
 * event emitters, packet objects and per-socket timers (half the memory a phone: bench/RESULTS.md).
 *
 * Only the packets the contract uses: Engine.IO 4 open, ping/pong, close and message; Socket.IO 5
 * connect (with its `auth`), disconnect, event, acknowledgement and connect error. The contract has no
 * binary messages: a binary frame or packet closes the connection, as a malformed packet does in
 * Socket.IO. The sockets here look like Socket.IO's to messages.ts and handle-messages.ts (`data`,
 * `handshake.auth`, `join`, `on`, `onAny`, `emit`, `disconnect`, `connected`), so that the checks
 * and handlers are the same code whichever way a client came in.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';

/** Engine.IO's defaults, told to the client in the open packet */
export const PING_INTERVAL_MS = 25_000;
const PING_TIMEOUT_MS = 20_000;
/** Socket.IO's `connectTimeout`: a connection that joins no namespace in this time is closed */
const CONNECT_TIMEOUT_MS = 45_000;
/**
 * ours: the ping sweep visits one of this many slices of the connections at a time, spread over the
 * interval (every 100 ms by default), so that 10,000 phones are not all pinged, nor all answer, in one
 * turn of the event loop: each ping is a socket write, and on the machines we measure on one costs
 * tens of µs, so a sweep of them all held every request and message up for a large part of a second.
 * With 50 slices (200 pings a turn, a few ms) a message arriving one at a time still met a sweep
 * often enough to show in its p99 (bench/RESULTS.md, "the realtime link through wire.ts"); 40 pings a turn
 * hold it well under 1 ms.
 */
const SWEEP_SLICES = 250;

type Listener = (...args: unknown[]) => void;
export type WireMiddleware = (socket: WireSocket, next: (error?: Error & { data?: unknown }) => void) => void;

const newId = () => randomBytes(15).toString('base64url');

/** the reserved names a client may not send as an event (socket.io-parser's list) */
const RESERVED_EVENTS = new Set([
  'connect',
  'connect_error',
  'disconnect',
  'disconnecting',
  'newListener',
  'removeListener',
]);

/** the most binary attachments one event may announce */
const MAX_ATTACHMENTS = 10;

/** a binary event whose attachments are still coming, one WebSocket frame each */
interface PendingEvent {
  name: string;
  ackId: number | undefined;
  data: unknown[];
  count: number;
  buffers: Buffer[];
}

/** One WebSocket: the Engine.IO session, with a socket for each namespace it joined. */
class Connection {
  readonly sockets = new Map<string, WireSocket>();
  pending: PendingEvent | null = null;
  /** a pong (or any packet) came since the last ping */
  isAlive = true;
  isOpen = true;
  readonly openedAt = Date.now();

  /** `slice`: which of the sweep's slices pings this connection */
  constructor(
    readonly ws: WebSocket,
    readonly slice: number,
  ) {}

  send(packet: string) {
    if (this.isOpen) this.ws.send(packet);
  }

  /** ends the WebSocket; the client sees its transport close */
  close() {
    if (!this.isOpen) return;
    this.ws.close();
    this.closeSockets('transport close');
  }

  closeSockets(reason: string) {
    this.isOpen = false;
    const sockets = [...this.sockets.values()];
    this.sockets.clear();
    for (const socket of sockets) socket.onClose(reason);
  }
}

export class WireSocket {
  readonly id = newId();
  data: unknown = undefined;
  connected = false;
  readonly handshake: { auth: Record<string, unknown> };
  readonly rooms = new Set<string>();
  private readonly listeners = new Map<string, Listener[]>();
  private readonly anyListeners: Listener[] = [];

  constructor(
    private readonly nsp: WireNamespace,
    private readonly conn: Connection,
    auth: Record<string, unknown>,
  ) {
    this.handshake = { auth };
  }

  join(rooms: string | readonly string[]) {
    for (const room of typeof rooms === 'string' ? [rooms] : rooms) {
      this.rooms.add(room);
      this.nsp.addToRoom(room, this);
    }
  }

  emit(event: string, ...args: unknown[]): boolean {
    this.conn.send(this.nsp.eventPacket([event, ...args]));
    return true;
  }

  /** a packet already written, for a message sent to many sockets */
  sendPacket(packet: string) {
    this.conn.send(packet);
  }

  on(event: string, listener: Listener) {
    const list = this.listeners.get(event);
    if (list) list.push(listener);
    else this.listeners.set(event, [listener]);
    return this;
  }

  onAny(listener: Listener) {
    this.anyListeners.push(listener);
    return this;
  }

  /** as Socket.IO's: tells the client ("io server disconnect": it does not reconnect by itself); with `close`, ends the connection too */
  disconnect(close = false) {
    if (this.conn.sockets.get(this.nsp.name) === this) {
      this.conn.send(`41${this.nsp.prefix}`);
      this.conn.sockets.delete(this.nsp.name);
    }
    this.onClose('server namespace disconnect');
    if (close) this.conn.close();
    return this;
  }

  onEvent(args: unknown[], ackId: number | undefined) {
    if (ackId !== undefined) {
      let isSent = false;
      args.push((...answer: unknown[]) => {
        if (isSent) return;
        isSent = true;
        this.conn.send(`43${this.nsp.prefix}${ackId}${JSON.stringify(answer)}`);
      });
    }
    // as Socket.IO: the catch-all listeners first, then the event's own
    for (const listener of this.anyListeners) listener(...args);
    const list = typeof args[0] === 'string' ? this.listeners.get(args[0]) : undefined;
    if (list) for (const listener of list) listener(...args.slice(1));
  }

  onClose(reason: string) {
    this.nsp.remove(this);
    if (!this.connected) return;
    this.connected = false;
    for (const listener of this.listeners.get('disconnect') ?? []) listener(reason);
  }
}

export class WireNamespace {
  readonly sockets = new Map<string, WireSocket>();
  private readonly rooms = new Map<string, Set<WireSocket>>();
  private readonly middlewares: WireMiddleware[] = [];
  private readonly connectionListeners: ((socket: WireSocket) => void)[] = [];
  /** what this namespace's packets carry before their id or data */
  readonly prefix: string;

  constructor(readonly name: string) {
    this.prefix = name === '/' ? '' : `${name},`;
  }

  use(middleware: WireMiddleware) {
    this.middlewares.push(middleware);
    return this;
  }

  on(event: 'connection', listener: (socket: WireSocket) => void) {
    if (event === 'connection') this.connectionListeners.push(listener);
    return this;
  }

  addToRoom(room: string, socket: WireSocket) {
    const members = this.rooms.get(room);
    if (members) members.add(socket);
    else this.rooms.set(room, new Set([socket]));
  }

  remove(socket: WireSocket) {
    this.sockets.delete(socket.id);
    for (const room of socket.rooms) {
      const members = this.rooms.get(room);
      members?.delete(socket);
      if (members?.size === 0) this.rooms.delete(room);
    }
    socket.rooms.clear();
  }

  /** the connected sockets of these rooms, each once */
  socketsIn(rooms: string | readonly string[]): WireSocket[] {
    const found = new Set<WireSocket>();
    for (const room of typeof rooms === 'string' ? [rooms] : rooms)
      for (const socket of this.rooms.get(room) ?? []) if (socket.connected) found.add(socket);
    return [...found];
  }

  /** an event packet of this namespace, as the Engine.IO message that carries it */
  eventPacket(args: unknown[]) {
    return `42${this.prefix}${JSON.stringify(args)}`;
  }

  /** one event to a room's sockets: the packet is written once */
  emitTo(room: string, event: string, data: unknown) {
    const members = this.rooms.get(room);
    if (!members) return;
    const packet = this.eventPacket([event, data]);
    for (const socket of members) if (socket.connected) socket.sendPacket(packet);
  }

  /** a client asked to join: the middlewares run in turn (authentication), then the socket is connected */
  connect(conn: Connection, auth: Record<string, unknown>) {
    const socket = new WireSocket(this, conn, auth);
    conn.sockets.set(this.name, socket);
    let index = 0;
    const next = (error?: Error & { data?: unknown }) => {
      // the client left, or asked to leave, while a middleware ran
      if (!conn.isOpen || conn.sockets.get(this.name) !== socket) return void this.remove(socket);
      if (error) {
        conn.sockets.delete(this.name);
        this.remove(socket);
        const body =
          error.data === undefined
            ? { message: error.message }
            : { message: error.message, data: error.data };
        return conn.send(`44${this.prefix}${JSON.stringify(body)}`);
      }
      const middleware = this.middlewares[index++];
      if (middleware) return middleware(socket, next);
      socket.connected = true;
      this.sockets.set(socket.id, socket);
      conn.send(`40${this.prefix}${JSON.stringify({ sid: socket.id })}`);
      for (const listener of this.connectionListeners) listener(socket);
    };
    next();
  }
}

/** socket-io-parser's placeholders `{_placeholder: true, num}` replaced by their Buffers */
function withAttachments(value: unknown, buffers: Buffer[], depth: number): unknown {
  if (depth > 32 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => withAttachments(item, buffers, depth + 1));
  const record = value as Record<string, unknown>;
  if (record._placeholder === true && typeof record.num === 'number') return buffers[record.num] ?? null;
  return Object.fromEntries(
    Object.entries(record).map(([key, item]) => [key, withAttachments(item, buffers, depth + 1)]),
  );
}

export interface WireServer {
  of(name: string): WireNamespace;
  /** whether an upgrade request is Engine.IO 4 opening a WebSocket at once (not a polling session's upgrade) */
  accepts(request: IncomingMessage): boolean;
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** ends every connection without a disconnect packet, so that the clients reconnect by themselves */
  close(): void;
}

export function createWireServer(options: {
  /** Socket.IO's path, with its final slash */
  path: string;
  /** the largest WebSocket message; a bigger one closes the connection (engine.io's maxHttpBufferSize) */
  maxPayload: number;
  log: FastifyBaseLogger;
  /** Engine.IO's ping interval; tests shorten it */
  pingIntervalMs?: number;
}): WireServer {
  const pingIntervalMs = options.pingIntervalMs ?? PING_INTERVAL_MS;
  const namespaces = new Map<string, WireNamespace>();
  /** every connection, by the sweep's slice; new ones go to each slice in turn */
  const slices = Array.from({ length: SWEEP_SLICES }, () => new Set<Connection>());
  let nextSlice = 0;
  let sweptSlice = 0;
  let isClosed = false;
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: options.maxPayload,
  });
  const openPacket = () =>
    `0${JSON.stringify({
      sid: newId(),
      upgrades: [],
      pingInterval: pingIntervalMs,
      pingTimeout: PING_TIMEOUT_MS,
      maxPayload: options.maxPayload,
    })}`;

  // one timer for every connection, not one each (the memory a phone costs: decision 046), visiting one slice
  // a tick: each connection is pinged once an interval; one that did not answer the last ping, or joined no
  // namespace in time, is ended
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const conn of slices[sweptSlice] ?? []) {
      if (!conn.isAlive || (conn.sockets.size === 0 && now - conn.openedAt > CONNECT_TIMEOUT_MS)) {
        conn.ws.terminate();
        continue;
      }
      conn.isAlive = false;
      conn.send('2');
    }
    sweptSlice = (sweptSlice + 1) % SWEEP_SLICES;
  }, pingIntervalMs / SWEEP_SLICES);
  sweep.unref();

  function onPacket(conn: Connection, text: string) {
    conn.isAlive = true;
    const kind = text.charCodeAt(0);
    if (kind === 0x33 /* 3 pong */ || kind === 0x36 /* 6 noop */) return;
    if (kind === 0x31 /* 1 close */) return conn.close();
    if (kind !== 0x34 /* 4 message */) return conn.close();
    // a text frame while a binary event waits for its attachments breaks the protocol
    if (conn.pending) return conn.close();
    const type = text.charCodeAt(1);
    let at = 2;
    let attachments = 0;
    if (type === 0x35 /* 5 binary event */) {
      const dash = text.indexOf('-', at);
      attachments = dash === -1 ? NaN : Number(text.slice(at, dash));
      if (!Number.isInteger(attachments) || attachments < 1 || attachments > MAX_ATTACHMENTS)
        return conn.close();
      at = dash + 1;
    }
    let name = '/';
    if (text.charCodeAt(at) === 0x2f /* / */) {
      const end = text.indexOf(',', at);
      name = end === -1 ? text.slice(at) : text.slice(at, end);
      at = end === -1 ? text.length : end + 1;
    }
    const idStart = at;
    while (at < text.length && text.charCodeAt(at) >= 0x30 && text.charCodeAt(at) <= 0x39) at += 1;
    const ackId = at > idStart ? Number(text.slice(idStart, at)) : undefined;
    let data: unknown;
    if (at < text.length) {
      try {
        data = JSON.parse(text.slice(at));
      } catch {
        return conn.close();
      }
    }
    if (type === 0x30 /* 0 connect */) {
      const nsp = namespaces.get(name);
      if (!nsp) return conn.send(`44${name === '/' ? '' : `${name},`}{"message":"Invalid namespace"}`);
      if (conn.sockets.has(name)) return;
      const isObject = typeof data === 'object' && data !== null && !Array.isArray(data);
      return nsp.connect(conn, isObject ? (data as Record<string, unknown>) : {});
    }
    const socket = conn.sockets.get(name);
    if (type === 0x31 /* 1 disconnect */) {
      conn.sockets.delete(name);
      return socket?.onClose('client namespace disconnect');
    }
    if (type === 0x32 /* 2 event */ || type === 0x35 /* 5 binary event */) {
      if (!Array.isArray(data)) return conn.close();
      const event: unknown = data[0];
      const isEvent = typeof event === 'number' || (typeof event === 'string' && !RESERVED_EVENTS.has(event));
      if (!isEvent) return conn.close();
      if (type === 0x35) {
        conn.pending = { name, ackId, data: data as unknown[], count: attachments, buffers: [] };
        return;
      }
      if (socket?.connected) socket.onEvent(data as unknown[], ackId);
      return;
    }
    // an acknowledgement (3): the server asks for none
    if (type === 0x33) return;
    // a binary acknowledgement (6), a client's connect error (4), anything else
    conn.close();
  }

  /** one attachment of the waiting binary event; the last one sends the event on, Buffers in place */
  function onAttachment(conn: Connection, buffer: Buffer) {
    const pending = conn.pending;
    if (!pending) return conn.close();
    pending.buffers.push(buffer);
    if (pending.buffers.length < pending.count) return;
    conn.pending = null;
    const args = withAttachments(pending.data, pending.buffers, 0) as unknown[];
    const socket = conn.sockets.get(pending.name);
    if (socket?.connected) socket.onEvent(args, pending.ackId);
  }

  return {
    of(name) {
      let nsp = namespaces.get(name);
      if (!nsp) {
        nsp = new WireNamespace(name);
        namespaces.set(name, nsp);
      }
      return nsp;
    },
    accepts(request) {
      const url = request.url ?? '';
      if (!url.startsWith(options.path)) return false;
      const query = new URLSearchParams(url.slice(url.indexOf('?') + 1));
      return query.get('EIO') === '4' && query.get('transport') === 'websocket' && !query.has('sid');
    },
    handleUpgrade(request, socket, head) {
      // shutting down: the client reconnects, to whichever process takes it
      if (isClosed) return void socket.destroy();
      wss.handleUpgrade(request, socket, head, (ws) => {
        const conn = new Connection(ws, nextSlice);
        nextSlice = (nextSlice + 1) % SWEEP_SLICES;
        slices[conn.slice]?.add(conn);
        ws.on('message', (raw: RawData, isBinary: boolean) => {
          try {
            if (isBinary) onAttachment(conn, Buffer.isBuffer(raw) ? raw : Buffer.from(raw as ArrayBuffer));
            else onPacket(conn, raw.toString());
          } catch (error) {
            // a fault of ours in a listener: this client is let go, the others are not touched
            options.log.error({ err: error }, 'realtime packet failed');
            conn.close();
          }
        });
        ws.on('close', () => {
          slices[conn.slice]?.delete(conn);
          conn.closeSockets('transport close');
        });
        ws.on('error', () => ws.terminate());
        ws.send(openPacket());
      });
    },
    close() {
      isClosed = true;
      clearInterval(sweep);
      for (const slice of slices) for (const conn of slice) conn.ws.close();
    },
  };
}
