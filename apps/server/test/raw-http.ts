/**
 * HTTP on raw sockets, from a chosen local address of 127.0.0.0/8, for the tests of what a listening
 * server does with connections themselves (caps per client address, the headers timeout) that
 * `inject()` and `fetch` cannot show: when a connection is accepted, refused or closed, and what it
 * was sent before.
 */
import http from 'node:http';
import net from 'node:net';

export interface RawConnection {
  socket: net.Socket;
  /** everything the server has sent so far (latin1) */
  received(): string;
  isClosed(): boolean;
  /** everything the server sent, once the connection is closed (by either side, or reset) */
  closed: Promise<string>;
  /** the first `count` whole answers (status line to the end of their Content-Length body), once in */
  answers(count: number): Promise<string[]>;
}

/** whole answers at the start of `text`, each with a Content-Length body */
function wholeAnswers(text: string): string[] {
  const answers: string[] = [];
  let at = 0;
  for (;;) {
    const headEnd = text.indexOf('\r\n\r\n', at);
    if (headEnd < 0) return answers;
    const head = text.slice(at, headEnd);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    const end = headEnd + 4 + length;
    if (text.length < end) return answers;
    answers.push(text.slice(at, end));
    at = end;
  }
}

/**
 * A connection to `base` from `from` (127.0.0.1 unless said), once connected, or once closed: one the
 * server resets as it accepts it may connect first or not (the kernel completes the handshake before
 * the server accepts), and `closed` says what became of it either way.
 */
export async function openRawConnection(
  base: string,
  { from }: { from?: string } = {},
): Promise<RawConnection> {
  const { hostname, port } = new URL(base);
  const socket = net.connect({ host: hostname, port: Number(port), ...(from ? { localAddress: from } : {}) });
  let received = '';
  let isClosed = false;
  const waiters = new Set<() => void>();
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
    for (const wake of waiters) wake();
  });
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) =>
    socket.once('close', () => {
      isClosed = true;
      for (const wake of waiters) wake();
      resolve(received);
    }),
  );
  // a connection reset as it is accepted may fail to connect (ECONNRESET): `closed` says so too
  await new Promise<void>((resolve) => socket.once('connect', resolve).once('close', () => resolve()));
  return {
    socket,
    received: () => received,
    isClosed: () => isClosed,
    closed,
    answers(count) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const answers = wholeAnswers(received);
          if (answers.length >= count) {
            waiters.delete(check);
            resolve(answers.slice(0, count));
          } else if (isClosed) {
            waiters.delete(check);
            reject(
              new Error(`closed after ${answers.length} answers: ${JSON.stringify(received.slice(0, 200))}`),
            );
          }
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** a GET of `path` as one write, on a connection kept alive */
export function getRequest(path: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: escudo.test\r\n\r\n`;
}

/**
 * A JSON request on a connection of its own from `from`, closed after its answer: its status, parsed
 * body, and how long the connection took to be established (what a flood of connections slows)
 */
export function requestFrom(
  from: string,
  base: string,
  { method, path, body, token }: { method: string; path: string; body?: unknown; token?: string },
): Promise<{ status: number; body: unknown; connectMs: number }> {
  const { hostname, port } = new URL(base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const startedAt = performance.now();
  let connectMs = 0;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port: Number(port),
        localAddress: from,
        method,
        path,
        agent: false,
        headers: {
          connection: 'close',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null, connectMs }),
        );
        response.on('error', reject);
      },
    );
    request.once('socket', (socket) =>
      socket.once('connect', () => (connectMs = performance.now() - startedAt)),
    );
    request.on('error', reject);
    request.end(payload);
  });
}
