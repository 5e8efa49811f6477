/**
 * The answers given before a request reaches a route, and so before the error handler and the
 * hooks that set headers (decision 041): a URL the router cannot decode or whose segment is too
 * long (Fastify's `frameworkErrors`), and what Node's HTTP parser refuses on the socket itself (a
 * request line or headers past maxHeaderSize, a method it does not know, a malformed request, a
 * request that did not arrive in time: the server's `clientError`, Fastify's `clientErrorHandler`).
 * All answer like the rest of the API: `{ code, message }` in Spanish, the security headers, nothing
 * of the error itself.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessages, errorStatus, type ErrorCode } from '@escudo/contract';
import { securityHeaders } from './security-headers.ts';

const frameworkCodes: Record<string, ErrorCode> = {
  // a path segment past the router's maxParamLength (a token or key far longer than any of ours)
  FST_ERR_MAX_PARAM_LENGTH: 'URL_TOO_LONG',
  // percent-encoding that does not decode (`%E0%A4%A`)
  FST_ERR_BAD_URL: 'VALIDATION',
};

/** Fastify's `frameworkErrors`: the router could not route the URL. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const code = frameworkCodes[error.code] ?? 'VALIDATION';
  request.log.info({ code: error.code }, 'request refused by the router');
  return reply
    .headers(securityHeaders)
    .header('x-request-id', request.id)
    .status(errorStatus[code])
    .send({ code, message: errorMessages[code] });
}

/**
 * Node's HTTP parser's refusals, by its error codes. Its header limit counts the request line too: a
 * request line longer than half of it is what filled it (no set of real headers comes near), so the
 * answer blames the URL.
 */
function clientErrorCode(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): ErrorCode {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW': {
      const packet = error.rawPacket ?? Buffer.alloc(0);
      const lineEnd = packet.indexOf('\r\n');
      const requestLine = lineEnd === -1 ? packet.length : lineEnd;
      return requestLine > http.maxHeaderSize / 2 ? 'URL_TOO_LONG' : 'HEADERS_TOO_LARGE';
    }
    case 'HPE_URI_OVERFLOW':
      return 'URL_TOO_LONG';
    case 'HPE_INVALID_METHOD':
      return 'METHOD_NOT_ALLOWED';
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'REQUEST_TIMEOUT';
    default:
      return 'VALIDATION';
  }
}

/**
 * The bytes of an answer written straight to the socket, as Node itself does for these errors: a
 * status line, the security headers, the JSON body; the connection closes after it.
 */
export function rawErrorAnswer(code: ErrorCode): string {
  const body = JSON.stringify({ code, message: errorMessages[code] });
  const headers: Record<string, string> = {
    ...securityHeaders,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${errorStatus[code]} ${statusText[errorStatus[code]] ?? 'Error'}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

const statusText: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/** Fastify's `clientErrorHandler`: bound to the Fastify instance, for its logger. */
export function answerClientError(
  this: { log: { debug: (object: object, message: string) => void } },
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  // a connection reset or already gone: nobody to answer
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = clientErrorCode(error);
  this.log.debug({ code: error.code }, 'request refused by the HTTP parser');
  // a response already under way on this socket cannot be followed by another one
  const isAnswering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
    ?.headersSent;
  if (socket.writable && !isAnswering) socket.end(rawErrorAnswer(code));
  else socket.destroy(error);
}
