/**
 * A test server that really listens, on the port its PUBLIC_URL names: payments need it, because the
 * server calls the built-in Flow sandbox over HTTP at PUBLIC_URL and the sandbox calls back the
 * confirmation URL, exactly as with real Flow. The port is reserved first (listen on 0, read, close).
 */
import net from 'node:net';
import { createTestApp, type TestApp } from './test-app.ts';

async function reservePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export async function createListeningTestApp(extraEnv: Record<string, string> = {}): Promise<TestApp> {
  const port = await reservePort();
  const app = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}`, ...extraEnv });
  await app.app.listen({ port, host: '127.0.0.1' });
  return app;
}
