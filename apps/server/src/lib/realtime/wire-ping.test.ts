/**
 * wire.ts's ping sweep, on a wire server of its own with a one-second interval: every connection is
 * pinged once an interval, a slice of them at a time rather than all in one turn of the event loop,
 * and one that stops answering is ended.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import WebSocket from 'ws';
import { createWireServer } from './wire.ts';

const PING_INTERVAL_MS = 1000;
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function startWireServer() {
  const wire = createWireServer({
    path: '/socket.io/',
    maxPayload: 1_000_000,
    log: pino({ enabled: false }),
    pingIntervalMs: PING_INTERVAL_MS,
  });
  const server = http.createServer((_request, response) => response.writeHead(404).end());
  server.on('upgrade', (request, socket, head) => {
    if (wire.accepts(request)) wire.handleUpgrade(request, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  closers.push(() => wire.close());
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/socket.io/?EIO=4&transport=websocket`;
}

/** an Engine.IO client by hand that answers each ping with a pong, unless told not to */
async function client(url: string, { answersPings }: { answersPings: boolean }) {
  const ws = new WebSocket(url);
  closers.push(() => ws.terminate());
  const pingTimes: number[] = [];
  ws.on('message', (data) => {
    if (String(data) !== '2') return;
    pingTimes.push(performance.now());
    if (answersPings) ws.send('3');
  });
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, pingTimes, closed };
}

describe("wire.ts's ping sweep", () => {
  it('pings every connection each interval, a slice of them at a time', async () => {
    const url = await startWireServer();
    const clients: Awaited<ReturnType<typeof client>>[] = [];
    for (let i = 0; i < 20; i++) clients.push(await client(url, { answersPings: true }));
    await expect
      .poll(() => clients.every(({ pingTimes }) => pingTimes.length >= 2), { timeout: 10_000 })
      .toBe(true);
    // all pinged in one sweep, the first pings would arrive within a few milliseconds of each other;
    // in slices of a 250th of the interval, twenty connections (one slice each, in turn) are pinged
    // over nineteen 250ths of it
    const firstPings = clients.map(({ pingTimes }) => pingTimes[0]!);
    expect(Math.max(...firstPings) - Math.min(...firstPings)).toBeGreaterThan((PING_INTERVAL_MS / 250) * 12);
    // answering, every connection stays
    expect(clients.every(({ ws }) => ws.readyState === WebSocket.OPEN)).toBe(true);
  });

  it('ends a connection that does not answer its ping, and keeps those that do', async () => {
    const url = await startWireServer();
    const silent = await client(url, { answersPings: false });
    const answering = await client(url, { answersPings: true });
    await silent.closed;
    expect(silent.pingTimes.length).toBeGreaterThanOrEqual(1);
    expect(answering.ws.readyState).toBe(WebSocket.OPEN);
  });
});
