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
 * bench closes it) it connects again through `fallbackUrl` (the balancer), as a phone whose server
 * died reconnects to the service's one address, with the back-off docs/device-protocol.md gives
 * phones (Socket.IO's own: 1 s ± 50 %, doubling per failed try up to 5 s).
 */
import { io } from 'socket.io-client';
import { DEVICE_NAMESPACE } from '../lib/contract.mjs';

const CONNECT_TIMEOUT_MS = 30_000;
/** socket.io-client's defaults (reconnectionDelay, reconnectionDelayMax, randomizationFactor) */
const RECONNECT_DELAY_MS = 1_000;
const RECONNECT_DELAY_MAX_MS = 5_000;
const RECONNECT_JITTER = 0.5;

/** the wait before try `attempt` (0 the first), as socket.io-client's Backoff computes it */
function backoffMs(attempt) {
  const ms = RECONNECT_DELAY_MS * 2 ** attempt;
  const deviation = Math.random() * RECONNECT_JITTER * ms;
  return Math.min(Math.random() < 0.5 ? ms - deviation : ms + deviation, RECONNECT_DELAY_MAX_MS);
}

const phones = [];
let closing = false;
let reconnected = 0;
/** why reconnection tries failed (connect_error's data.code or message), and how long each phone was away */
const reconnectErrors = {};
const awayMs = [];
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
        phone.awaySince = performance.now();
        if (!closing) scheduleReconnect(phone, 0);
      });
      resolve();
    });
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

function scheduleReconnect(phone, attempt) {
  setTimeout(
    () =>
      open(phone, fallbackUrl).then(
        () => {
          reconnected += 1;
          awayMs.push(performance.now() - phone.awaySince);
        },
        (error) => {
          const reason = String(error?.data?.code ?? error?.message ?? error);
          reconnectErrors[reason] = (reconnectErrors[reason] ?? 0) + 1;
          scheduleReconnect(phone, attempt + 1);
        },
      ),
    backoffMs(attempt),
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
      reconnectErrors,
      awayMs,
    });
  } else if (message.type === 'close') {
    closing = true;
    for (const phone of phones) phone.socket?.close();
    process.send({ type: 'closed', id: message.id }, () => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));
