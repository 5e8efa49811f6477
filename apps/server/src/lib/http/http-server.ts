/**
 * The Node HTTP server under Fastify, with the timeouts that keep slow and idle clients from holding
 * the service (decision 031). Fastify sets none of them when it is given a server (app.ts,
 * `serverFactory`), and Node's own defaults are wrong for us: a 5 s keep-alive, shorter than a load
 * balancer's, makes it answer some requests 502; no limit on a body that stops arriving.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface HttpTimeouts {
  /** an idle keep-alive connection is closed after this; longer than any load balancer in front */
  keepAliveTimeoutMs: number;
  /** the request's headers must all arrive within this (Node answers 408 and closes) */
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

export function createHttpServer(
  timeouts: HttpTimeouts,
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): http.Server {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    (request, response) => {
      closeStalledBody(request, timeouts.idleTimeoutMs);
      handle(request, response);
    },
  );
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
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
