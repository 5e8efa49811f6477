/**
 * One address in front of several server processes, as a deployment's load balancer would be: each
 * accepted TCP connection goes to one process and its bytes are piped both ways untouched, so
 * keep-alive HTTP and WebSockets pass as they are, and the connection stays on that process. Which
 * process, `pick` says:
 * - 'round-robin': the next process in turn; one that refuses the connection (it was killed) is
 *   skipped for the next one. Records which process took each connection (the multi-process test,
 *   the scale bench in bench/scale).
 * - 'first-ready': the first process whose /readyz answers 200, as a balancer with health checks does:
 *   a process that is shutting down (readyz 503, or no longer listening) gets no new connection (the
 *   graceful shutdown test).
 */
import net from 'node:net';

export type BalancerPick = 'round-robin' | 'first-ready';

export interface Balancer {
  url: string;
  /** the index of the backend each accepted connection went to, in the order they were accepted */
  readonly connections: readonly number[];
  /** connections currently open, per backend */
  readonly open: readonly number[];
  /**
   * round robin only: moves the turn on, without a connection, until the next connection would go to
   * none of `indices`: a test places a connection on a process other than those it names
   */
  skipPast(indices: number[]): void;
  close(): Promise<void>;
}

async function isReady(backend: string): Promise<boolean> {
  try {
    const response = await fetch(`${backend}/readyz`, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** a connection to `backend`, or null if it refused */
function connectTo(backend: string): Promise<net.Socket | null> {
  const { hostname, port } = new URL(backend);
  return new Promise((resolve) => {
    const upstream = net.connect(Number(port), hostname);
    upstream.once('error', () => {
      upstream.destroy();
      resolve(null);
    });
    upstream.once('connect', () => {
      upstream.removeAllListeners('error');
      upstream.on('error', () => upstream.destroy());
      resolve(upstream);
    });
  });
}

/** `backends`: each process's `http://host:port` */
export async function startBalancer(backends: string[], { pick }: { pick: BalancerPick }): Promise<Balancer> {
  const connections: number[] = [];
  const open = backends.map(() => 0);
  const sockets = new Set<net.Socket>();
  let next = 0;

  /** the backends to try for a new connection, in order */
  const candidates = (): number[] => {
    const start = pick === 'round-robin' ? next++ % backends.length : 0;
    return backends.map((_, attempt) => (start + attempt) % backends.length);
  };

  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    // nothing is read from the client until a backend took the connection: no byte is lost or reordered
    client.pause();
    client.on('error', () => client.destroy());
    const order = candidates();
    void (async () => {
      for (const index of order) {
        if (client.destroyed) return;
        if (pick === 'first-ready' && !(await isReady(backends[index]!))) continue;
        const upstream = await connectTo(backends[index]!);
        if (!upstream) continue;
        if (client.destroyed) {
          upstream.destroy();
          return;
        }
        connections.push(index);
        open[index]! += 1;
        sockets.add(upstream);
        upstream.on('close', () => {
          open[index]! -= 1;
          sockets.delete(upstream);
          client.destroy();
        });
        client.on('close', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
        return;
      }
      client.destroy();
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections,
    open,
    skipPast(indices) {
      if (pick !== 'round-robin') throw new Error('skipPast is for a round-robin balancer');
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
