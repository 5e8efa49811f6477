/**
 * A small TCP load balancer for the tests of several server processes: each new connection goes to
 * the first backend whose /readyz answers 200, as a balancer with health checks does, and stays there.
 * A process that is shutting down (readyz 503, or no longer listening) gets no new connection.
 */
import net from 'node:net';
import { freePort } from './server-process.ts';

export interface Balancer {
  url: string;
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

export async function startBalancer(backends: string[]): Promise<Balancer> {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    client.pause();
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    void (async () => {
      for (const backend of backends) {
        if (!(await isReady(backend))) continue;
        const { hostname, port } = new URL(backend);
        const upstream = net.connect(Number(port), hostname);
        open.add(upstream);
        upstream.on('close', () => {
          open.delete(upstream);
          client.destroy();
        });
        upstream.on('error', () => upstream.destroy());
        client.on('close', () => upstream.destroy());
        upstream.pipe(client);
        client.pipe(upstream);
        client.resume();
        return;
      }
      client.destroy();
    })();
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
