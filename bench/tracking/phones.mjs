/**
 * One process of tracking phones for bench/tracking/run.mjs, driven over IPC:
 *
 *   {type:'connect', url, phones: [{token, trackingId}], concurrency}
 *       connects every phone to our server's /device namespace; answers
 *       {type:'connected', connected, failed, errors: {message: count}, ms}
 *   {type:'stream', perSecond, seconds}
 *       every phone sends `perSecond` routePoints messages a second of one point each, the way the
 *       app does, each with its acknowledgement callback, starting at a random moment of the first
 *       interval so the load is even; after `seconds`, waits up to 10 s for the last answers and
 *       replies {type:'streamed', sent, accepted, refused: {code: count}, unanswered, dropped}
 *   {type:'close'}   closes every socket, answers {type:'closed'} and exits
 *
 * A point's `at` is the moment it was sent (this machine's clock): the panels' process measures the
 * delay to its arrival against the same clock.
 */
import { io } from 'socket.io-client';
import { DEVICE_NAMESPACE } from '../lib/contract.mjs';

const CONNECT_TIMEOUT_MS = 30_000;
const ACK_GRACE_MS = 10_000;

const phones = [];
let closing = false;
let dropped = 0;

function connectPhone(url, phone) {
  return new Promise((resolve, reject) => {
    const socket = io(`${url}${DEVICE_NAMESPACE}`, {
      auth: { token: phone.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: CONNECT_TIMEOUT_MS,
    });
    socket.once('connect', () => {
      socket.on('disconnect', () => {
        if (!closing) dropped += 1;
      });
      // a walk that starts somewhere in central Santiago
      resolve({
        socket,
        trackingId: phone.trackingId,
        lat: -33.45 + (Math.random() - 0.5) * 0.1,
        lng: -70.66 + (Math.random() - 0.5) * 0.1,
      });
    });
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

async function connectAll({ url, phones: list, concurrency }) {
  const started = performance.now();
  let failed = 0;
  const errors = {};
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const phone = list[next++];
      try {
        phones.push(await connectPhone(url, phone));
      } catch (error) {
        failed += 1;
        const message = String(error?.message ?? error).slice(0, 120);
        errors[message] = (errors[message] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return { connected: phones.length, failed, errors, ms: Math.round(performance.now() - started) };
}

function stream({ perSecond, seconds }) {
  const intervalMs = 1000 / perSecond;
  const counts = { sent: 0, accepted: 0, refused: {}, unanswered: 0 };
  let outstanding = 0;
  const timers = [];
  const send = (phone) => {
    // about 1.4 m a second in a random direction: a person walking
    phone.lat += (Math.random() - 0.5) * 0.00003;
    phone.lng += (Math.random() - 0.5) * 0.00003;
    const point = { lat: phone.lat, lng: phone.lng, at: new Date().toISOString() };
    counts.sent += 1;
    outstanding += 1;
    phone.socket.emit('routePoints', { tracking_id: phone.trackingId, points: [point] }, (answer) => {
      outstanding -= 1;
      if (answer?.ok) counts.accepted += 1;
      else counts.refused[answer?.code ?? 'unknown'] = (counts.refused[answer?.code ?? 'unknown'] ?? 0) + 1;
    });
  };
  for (const phone of phones) {
    timers.push(
      setTimeout(() => {
        send(phone);
        timers.push(setInterval(() => send(phone), intervalMs));
      }, Math.random() * intervalMs),
    );
  }
  return new Promise((resolve) => {
    setTimeout(async () => {
      for (const timer of timers) clearInterval(timer);
      const waitUntil = performance.now() + ACK_GRACE_MS;
      while (outstanding > 0 && performance.now() < waitUntil) {
        await new Promise((r) => setTimeout(r, 50));
      }
      counts.unanswered = outstanding;
      resolve({ ...counts, dropped });
    }, seconds * 1000);
  });
}

process.on('message', async (message) => {
  if (message.type === 'connect') {
    process.send({ type: 'connected', id: message.id, ...(await connectAll(message)) });
  } else if (message.type === 'stream') {
    process.send({ type: 'streamed', id: message.id, ...(await stream(message)) });
  } else if (message.type === 'close') {
    closing = true;
    for (const phone of phones) phone.socket.close();
    process.send({ type: 'closed', id: message.id }, () => process.exit(0));
  }
});
// the bench went away without saying goodbye: go too
process.on('disconnect', () => process.exit(0));
