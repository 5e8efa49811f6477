/**
 * The Node HTTP server under Fastify, with the timeouts that keep slow and idle clients from holding
 * the service (decision 031) and the limits on its connections (decision 051). Fastify sets none of
 * them when it is given a server (app.ts, `serverFactory`), and Node's own defaults are wrong for us:
 * a 5 s keep-alive, shorter than a load balancer's, makes it answer some requests 502; no limit on a
 * body that stops arriving; no limit on connections, so that a crowd of them takes every file
 * descriptor of the process.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import {
  HeadersCountedMessage,
  capConnections,
  isCapping,
  type ConnectionCaps,
  type ConnectionRefusal,
} from './connection-caps.ts';

export interface HttpTimeouts {
  /** an idle keep-alive connection is closed after this; longer than any load balancer in front */
  keepAliveTimeoutMs: number;
  /**
   * the request's headers must all arrive within this (Node answers 408 and closes), counted from the
   * request's first byte, or from the accept for a connection's first request: an idle keep-alive
   * connection is not cut by it (headers-timeout.test.ts)
   */
  headersTimeoutMs: number;
  /** the whole request, body included, within this: long enough for the largest upload */
  requestTimeoutMs: number;
  /**
   * a body with no byte arriving for this long is closed: it stopped, whatever its size; so is an
   * answer its client reads nothing of for this long
   */
  idleTimeoutMs: number;
  /** how often Node looks for requests past their headers or request timeout */
  checkEveryMs: number;
}

/**
 * While a request's body arrives, its connection is closed after `idleMs` without a byte; once the
 * body is in, the connection goes back to no idle limit (a handler may take its time, a download may
 * wait for its reader; keep-alive has its own timeout).
 */
function closeStalledBody(request: IncomingMessage, idleMs: number): void {
  const { headers, socket } = request;
  const hasBody = Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
  if (!hasBody || request.complete) return;
  // Node's own handler of the socket's idle timeout destroys it, as nothing listens to `timeout`
  socket.setTimeout(idleMs);
  request.once('end', () => {
    if (!socket.destroyed) socket.setTimeout(0);
  });
}

export interface ConnectionLimits extends Omit<ConnectionCaps, 'onRefuse'> {
  /** connections open at once, in all: below the process's file descriptor limit (env.ts) */
  maxConnections: number;
  /** told of each connection refused, by a cap or by `maxConnections`, as it happens (the metrics) */
  onRefuse?: (reason: ConnectionRefusal) => void;
  /** told how many were refused, by reason, at most once a minute while there are refusals (the log) */
  onRefusals?: (counts: Partial<Record<ConnectionRefusal, number>>) => void;
}

const REFUSAL_LOG_EVERY_MS = 60_000;

export function createHttpServer(
  timeouts: HttpTimeouts,
  connections: ConnectionLimits,
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): http.Server {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
      ...(isCapping(connections) ? { IncomingMessage: HeadersCountedMessage } : {}),
    },
    (request, response) => {
      closeStalledBody(request, timeouts.idleTimeoutMs);
      handle(request, response);
    },
  );
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;

  let refused: Partial<Record<ConnectionRefusal, number>> = {};
  let refusalLog: NodeJS.Timeout | null = null;
  const countRefusal = (reason: ConnectionRefusal) => {
    refused[reason] = (refused[reason] ?? 0) + 1;
    connections.onRefuse?.(reason);
    refusalLog ??= setTimeout(() => {
      refusalLog = null;
      connections.onRefusals?.(refused);
      refused = {};
    }, REFUSAL_LOG_EVERY_MS).unref();
  };
  // past it, Node closes each new connection as it accepts it (and says so with `drop`): the process
  // keeps descriptors for its own files and sockets, and takes connections again as others close
  server.maxConnections = connections.maxConnections;
  server.on('drop', () => countRefusal('max_connections'));
  capConnections(server, { ...connections, onRefuse: countRefusal });
  return server;
}

/**
 * Once an answer is handed over, a client that reads none of it for `idleMs` is closed, so that a
 * download nobody reads does not keep its connection and file open forever (it holds no admission
 * place either way). Node replaces this with the keep-alive timeout once the answer is all sent.
 */
export function closeStalledReaders(app: FastifyInstance, idleMs: number): void {
  app.addHook('onSend', (request, _reply, payload, done) => {
    // inject()'s requests (tests) have a stand-in socket without timeouts
    (request.raw.socket as Partial<Socket>).setTimeout?.(idleMs);
    done(null, payload);
  });
}
