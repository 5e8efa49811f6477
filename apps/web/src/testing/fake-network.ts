/**
 * The network edge for component tests: the server is another process, so `fetch` and the realtime
 * socket (socket.io-client's `io`) are stood in for here; everything of ours above them runs for real
 * (callApi, the realtime link, the command store, TanStack Query). Answers are typed by the contract.
 */
import type {
  EndpointName,
  EndpointsByRoute,
  PanelToServer,
  RealtimeAck,
  ResponseOf,
  ServerToPanel,
} from '@escudo/contract';
import { routes } from '@escudo/contract/browser';

type Answer<N extends EndpointName> = ResponseOf<EndpointsByRoute[N]>;
/** an HTTP refusal as our server sends it */
export interface HttpError {
  status: number;
  code: string;
  message: string;
  /** per-field messages, when the server blames specific fields */
  fields?: Record<string, string>;
}
type Handler = (body: unknown) => unknown;

const handlers = new Map<string, Handler>();
/** every call made, by endpoint name, with its body */
export const calls: { name: EndpointName; body: unknown }[] = [];

const routeNames = new Map(
  Object.entries(routes).map(([name, route]) => [`${route.method} ${route.path}`, name as EndpointName]),
);
/** routes with `:name` parameters (the open alert's token), matched when no path is equal */
const routePatterns = Object.entries(routes)
  .filter(([, route]) => route.path.includes(':'))
  .map(([name, route]) => ({
    method: route.method as string,
    pattern: new RegExp(`^${route.path.replace(/:\w+/g, '[^/]+')}$`),
    name: name as EndpointName,
  }));

function endpointOf(method: string, pathname: string): EndpointName | undefined {
  return (
    routeNames.get(`${method} ${pathname}`) ??
    routePatterns.find((route) => route.method === method && route.pattern.test(pathname))?.name
  );
}

/** How the server answers an endpoint: a value, a function of the body, or an HttpError to throw. */
export function answer<N extends EndpointName>(
  name: N,
  reply: Answer<N> | HttpError | ((body: unknown) => Answer<N> | HttpError | Promise<Answer<N> | HttpError>),
): void {
  handlers.set(name, typeof reply === 'function' ? (reply as Handler) : () => reply);
}

export function refuse(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): HttpError {
  return fields ? { status, code, message, fields } : { status, code, message };
}

function isHttpError(value: unknown): value is HttpError {
  return typeof value === 'object' && value !== null && 'status' in value && 'code' in value;
}

export async function fakeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const name = endpointOf(init.method ?? 'GET', url.pathname);
  const handler = name && handlers.get(name);
  if (!name || !handler) throw new TypeError(`no fake answer for ${init.method} ${url.pathname}`);
  const body: unknown =
    init.method === 'GET' ? Object.fromEntries(url.searchParams) : JSON.parse(String(init.body ?? '{}'));
  calls.push({ name, body });
  const reply = await handler(body);
  if (isHttpError(reply)) {
    const { code, message, fields } = reply;
    return new Response(JSON.stringify({ code, message, fields }), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  }
  return new Response(reply === undefined ? '' : JSON.stringify(reply), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

// ---- the realtime socket ----

type Listener = (...args: unknown[]) => void;
type AckHandler = (payload: unknown) => RealtimeAck;

class FakeSocket {
  active = true;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly anyListeners = new Set<(type: string, payload: unknown) => void>();

  on(event: string, listener: Listener) {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  onAny(listener: (type: string, payload: unknown) => void) {
    this.anyListeners.add(listener);
    return this;
  }

  fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  receive(type: string, payload: unknown) {
    for (const listener of this.anyListeners) listener(type, payload);
  }

  connect() {
    this.active = true;
    this.fire('connect');
    return this;
  }

  disconnect() {
    this.active = false;
    if (socket === this) socket = null;
    return this;
  }

  timeout(_ms: number) {
    return {
      emit: (type: string, payload: unknown, ack: (error: Error | null, answer?: RealtimeAck) => void) => {
        emitted.push({ type, payload });
        const handler = ackHandlers.get(type);
        // a message without an answer set here is refused as the server would on a time-out
        queueMicrotask(() =>
          handler ? ack(null, handler(payload)) : ack(new Error('operation has timed out')),
        );
      },
    };
  }
}

let socket: FakeSocket | null = null;
const ackHandlers = new Map<string, AckHandler>();
/** every message the panel sent on the realtime link */
export const emitted: { type: string; payload: unknown }[] = [];

/** socket.io-client's `io`, as the setup file hands it to the panel: the link connects at once. */
export function fakeIo(): FakeSocket {
  const created = new FakeSocket();
  socket = created;
  queueMicrotask(() => {
    if (socket === created) created.connect();
  });
  return created;
}

/** How the server acknowledges a message of the panel (default: no answer, i.e. a time-out). */
export function acknowledge<T extends keyof PanelToServer>(
  type: T,
  reply: RealtimeAck | ((payload: PanelToServer[T]) => RealtimeAck),
): void {
  ackHandlers.set(type, typeof reply === 'function' ? (reply as AckHandler) : () => reply);
}

/** A message from the server to the panel, on the open link. */
export function sendToPanel<T extends keyof ServerToPanel>(type: T, payload: ServerToPanel[T]): void {
  if (!socket) throw new Error('the realtime link is not open');
  socket.receive(type, payload);
}

export function isLinkOpen(): boolean {
  return socket !== null;
}

/** The link drops (the server restarted), then comes back. */
export function dropLink(): void {
  socket?.fire('disconnect', 'transport close');
}
export function restoreLink(): void {
  socket?.connect();
}

export function resetNetwork(): void {
  handlers.clear();
  ackHandlers.clear();
  calls.length = 0;
  emitted.length = 0;
  socket = null;
}
