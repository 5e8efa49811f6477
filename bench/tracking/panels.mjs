/**
 * The owners' panels for bench/tracking/run.mjs, in a process of their own so that timing them does
 * not compete with the bench's own work. One /panel socket per account; every `trackingPoints` point
 * that arrives is timed against its `at` (the phone's clock, which is this machine's clock). IPC:
 *
 *   {type:'connect', url, tokens: [customToken]}  answers {type:'connected', connected}
 *   {type:'window-start'}  forgets what came before
 *   {type:'window-end'}    answers {type:'window', received, seconds, latencyMs: {p50, p90, p99, max, mean}}
 *   {type:'close'}         closes the sockets and exits
 */
import { io } from 'socket.io-client';
import { PANEL_NAMESPACE } from '../lib/contract.mjs';
import { summarize } from '../realtime/panels.mjs';

const sockets = [];
let delaysMs = [];
let windowStartedAt = performance.now();

function connectPanel(url, token) {
  return new Promise((resolve, reject) => {
    const socket = io(`${url}${PANEL_NAMESPACE}`, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 30_000,
    });
    socket.on('trackingPoints', ({ points }) => {
      const now = Date.now();
      for (const point of points) delaysMs.push(now - Date.parse(point.at));
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

process.on('message', async (message) => {
  if (message.type === 'connect') {
    let next = 0;
    const worker = async () => {
      while (next < message.tokens.length)
        sockets.push(await connectPanel(message.url, message.tokens[next++]));
    };
    await Promise.all(Array.from({ length: 20 }, worker));
    process.send({ type: 'connected', id: message.id, connected: sockets.length });
  } else if (message.type === 'window-start') {
    delaysMs = [];
    windowStartedAt = performance.now();
    process.send({ type: 'window-started', id: message.id });
  } else if (message.type === 'window-end') {
    process.send({
      type: 'window',
      id: message.id,
      received: delaysMs.length,
      seconds: (performance.now() - windowStartedAt) / 1000,
      latencyMs: summarize(delaysMs),
    });
  } else if (message.type === 'close') {
    for (const socket of sockets) socket.close();
    process.send({ type: 'closed', id: message.id }, () => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));
