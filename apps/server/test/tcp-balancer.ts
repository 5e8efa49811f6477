/**
 * One address in front of several server processes, as a deployment's load balancer would be: each
 * accepted TCP connection goes to the next process in turn and its bytes are piped both ways
 * untouched, so keep-alive HTTP and WebSockets pass as they are. A process that refuses the
 * connection (it was killed) is skipped for the next one. Used by the multi-process test and the
 * scale bench (bench/scale).
 */
import net from 'node:net';

export interface Backend {
  host: string;
  port: number;
}

export interface TcpBalancer {
  url: string;
  /** the index of the backend each accepted connection went to, in the order they were accepted */
  readonly connections: readonly number[];
  /** connections currently open, per backend */
  readonly open: readonly number[];
  /**
   * moves the turn on, without a connection, until the next connection would go to none of
   * `indices`: a test places a connection on a process other than those it names
   */
  skipPast(indices: number[]): void;
  close(): Promise<void>;
}

/** `http://host:port` → where to connect */
export function backendOf(url: string): Backend {
  const { hostname, port } = new URL(url);
  return { host: hostname, port: Number(port) };
}

export async function startTcpBalancer(backends: Backend[], port = 0): Promise<TcpBalancer> {
  const connections: number[] = [];
  const open = backends.map(() => 0);
  const sockets = new Set<net.Socket>();
  let next = 0;

  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    // nothing is read from the client until a backend took the connection: no byte is lost or reordered
    client.pause();
    client.on('error', () => client.destroy());
    const start = next++ % backends.length;
    const tryBackend = (attempt: number) => {
      if (attempt === backends.length || client.destroyed) {
        client.destroy();
        return;
      }
      const index = (start + attempt) % backends.length;
      const upstream = net.connect(backends[index]!);
      upstream.once('error', () => {
        upstream.destroy();
        tryBackend(attempt + 1);
      });
      upstream.once('connect', () => {
        if (client.destroyed) {
          upstream.destroy();
          return;
        }
        connections.push(index);
        open[index]! += 1;
        sockets.add(upstream);
        upstream.removeAllListeners('error');
        upstream.on('error', () => upstream.destroy());
        upstream.on('close', () => {
          open[index]! -= 1;
          sockets.delete(upstream);
          client.destroy();
        });
        client.on('close', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    tryBackend(0);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: listening } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${listening}`,
    connections,
    open,
    skipPast(indices) {
      if (indices.length >= backends.length) throw new Error('no backend left to go to');
      while (indices.includes(next % backends.length)) next += 1;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
