/**
 * One process of simulated phones for bench/scale/run.mjs, driven over IPC like bench/realtime's:
 *
 *   {type:'connect', phones: [{deviceId, token, url}], fallbackUrl, concurrency}
 *       connects each phone to its own `url` (a given server process), at most `concurrency` at a
 *       time; answers {connected, failed, ms}
 *   {type:'status'}  answers {open, reconnected, answered, received: [command ids]}
 *   {type:'close'}   closes every socket and exits
 *
 * A phone answers ayThere with imHere at once, and a `command` as a phone app does: imHere
 * {command_id} when it arrives, then commandResult done. When its server goes away (not when the
 * bench closes it) it connects again after a random 0–2 s, through `fallbackUrl` (the balancer), as a
 * phone whose server died reconnects to the service's one address.
 */
import { io } from 'socket.io-client';
import { DEVICE_NAMESPACE } from '../lib/contract.mjs';

const CONNECT_TIMEOUT_MS = 30_000;
/** ours: real phones spread their reconnections; all at once would be a thundering herd */
const RECONNECT_SPREAD_MS = 2_000;

const phones = [];
let closing = false;
let reconnected = 0;
let answered = 0;
/** ids of the commands this process's phones received (and answered done) */
const received = new Set();
let fallbackUrl = '';

function open(phone, url) {
  return new Promise((resolve, reject) => {
    const socket = io(`${url}${DEVICE_NAMESPACE}`, {
      auth: { token: phone.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: CONNECT_TIMEOUT_MS,
    });
    socket.on('ayThere', (payload) => {
      answered += 1;
      socket.emit('imHere', { probe_id: payload.probe_id });
    });
    socket.on('command', (command) => {
      received.add(command.id);
      socket.emit('imHere', { command_id: command.id });
      socket.emit('commandResult', { command_id: command.id, outcome: 'done' });
    });
    socket.once('connect', () => {
      phone.socket = socket;
      phone.isOpen = true;
      socket.on('disconnect', () => {
        phone.isOpen = false;
        if (!closing) scheduleReconnect(phone);
      });
      resolve();
    });
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

function scheduleReconnect(phone) {
  setTimeout(
    () =>
      open(phone, fallbackUrl).then(
        () => (reconnected += 1),
        () => scheduleReconnect(phone),
      ),
    Math.random() * RECONNECT_SPREAD_MS,
  );
}

async function connectAll(message) {
  fallbackUrl = message.fallbackUrl;
  const started = performance.now();
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < message.phones.length) {
      const phone = { ...message.phones[next++], isOpen: false, socket: null };
      phones.push(phone);
      try {
        await open(phone, phone.url);
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, message.concurrency) }, worker));
  return {
    connected: phones.filter((p) => p.isOpen).length,
    failed,
    ms: Math.round(performance.now() - started),
  };
}

process.on('message', async (message) => {
  if (message.type === 'connect') {
    process.send({ type: 'connected', id: message.id, ...(await connectAll(message)) });
  } else if (message.type === 'status') {
    process.send({
      type: 'status',
      id: message.id,
      open: phones.filter((p) => p.isOpen).length,
      reconnected,
      answered,
      received: [...received],
    });
  } else if (message.type === 'close') {
    closing = true;
    for (const phone of phones) phone.socket?.close();
    process.send({ type: 'closed', id: message.id }, () => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));
