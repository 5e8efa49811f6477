/**
 * The headers timeout is a few seconds whatever keep-alive is (decision 051), which is right only
 * because of how Node times headers: from a request's first byte (from the accept for a connection's
 * first request), not from the end of the previous answer. So an idle keep-alive connection is not
 * cut by it, and a connection that sends nothing, or stops mid-headers, is. Shown on real sockets,
 * on whichever Node runs the tests (20 and 24 in CI).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createListeningTestApp } from '../../../test/listening-test-app.ts';
import { getRequest, openRawConnection, type RawConnection } from '../../../test/raw-http.ts';
import type { TestApp } from '../../../test/test-app.ts';

let app: TestApp | null = null;
const connections: RawConnection[] = [];
afterEach(async () => {
  for (const connection of connections.splice(0)) connection.socket.destroy();
  await app?.close();
  app = null;
});

async function connect(base: string): Promise<RawConnection> {
  const connection = await openRawConnection(base);
  connections.push(connection);
  return connection;
}

describe('the headers timeout', () => {
  it('closes connections that send nothing or stop mid-headers, and leaves an idle keep-alive one open', async () => {
    // headers within 300 ms; nothing else here closes a connection in less than a minute
    app = await createListeningTestApp({
      HTTP_HEADERS_TIMEOUT_MS: '300',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '60000',
      HTTP_IDLE_TIMEOUT_MS: '60000',
      HTTP_REQUEST_TIMEOUT_MS: '60000',
      HTTP_TIMEOUT_CHECK_EVERY_MS: '50',
    });
    const base = app.ctx.env.PUBLIC_URL;
    const keptAlive = await connect(base);
    keptAlive.socket.write(getRequest('/api/config'));
    expect((await keptAlive.answers(1))[0]).toMatch(/^HTTP\/1\.1 200 /);

    // opened one after the other once the kept-alive connection is idle, each closed by the headers
    // timeout: when the second has gone, the kept-alive connection has been idle for two headers
    // timeouts, and would have been closed too had its timer started at the end of its answer
    const sendsNothing = await connect(base);
    expect(await sendsNothing.closed).toMatch(/^HTTP\/1\.1 408 /);
    const stopsMidHeaders = await connect(base);
    stopsMidHeaders.socket.write('GET /api/config HTTP/1.1\r\nHost: escudo.test\r\nAccept: appl');
    expect(await stopsMidHeaders.closed).toMatch(/^HTTP\/1\.1 408 /);

    expect(keptAlive.isClosed()).toBe(false);
    keptAlive.socket.write(getRequest('/api/config'));
    expect((await keptAlive.answers(2))[1]).toMatch(/^HTTP\/1\.1 200 /);

    // and the timer starts again with the next request's first byte: a third request whose headers
    // stop is closed like the others
    keptAlive.socket.write('GET /api/config HTTP/1.1\r\nHost: escudo.test\r\n');
    const everything = await keptAlive.closed;
    expect(everything.slice(everything.lastIndexOf('HTTP/1.1 '))).toMatch(/^HTTP\/1\.1 408 /);
  });
});
