/**
 * One process of simulated phones. bench/realtime/run.mjs starts a few of them, so the client side is
 * neither the bottleneck nor counted in the memory of the process under test. Driven over IPC:
 *
 *   {type:'connect', kind, url, phones, concurrency}
 *       connects every phone, at most `concurrency` at a time; answers
 *       {type:'connected', connected, failed: [device ids], errors: {message: count}, ms}
 *   {type:'status'}  answers {type:'status', open, dropped, dropReasons, answered}
 *   {type:'close'}   closes every socket, answers {type:'closed'} and exits
 *
 * `kind` 'socketio': our server's /device namespace with the phone's device token, websocket
 * transport only, no reconnection (a dropped phone stays dropped and is counted). `kind` 'ws': the
 * bare relay. Either way a phone answers every ayThere {probe_id} with imHere {probe_id} at once.
 */
import { io } from 'socket.io-client';
import { DEVICE_NAMESPACE } from '../lib/contract.mjs';
import WebSocket from 'ws';

const CONNECT_TIMEOUT_MS = 30_000;

const sockets = [];
let closing = false;
let dropped = 0;
const dropReasons = {};
let answered = 0;

function countDrop(reason) {
  if (closing) return;
  dropped += 1;
  dropReasons[reason] = (dropReasons[reason] ?? 0) + 1;
}

function openSocketIoPhone(url, phone) {
  return new Promise((resolve, reject) => {
    const socket = io(`${url}${DEVICE_NAMESPACE}`, {
      auth: { token: phone.token },
      transports: ['websocket'],
      reconnection: false,
      // one connection per phone: without it socket.io-client multiplexes every socket on one
      forceNew: true,
      timeout: CONNECT_TIMEOUT_MS,
    });
    socket.on('ayThere', (payload) => {
      answered += 1;
      socket.emit('imHere', { probe_id: payload.probe_id });
    });
    socket.once('connect', () => {
      socket.on('disconnect', (reason) => countDrop(reason));
      resolve({ close: () => socket.close() });
    });
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

function openWsPhone(url, phone) {
  return new Promise((resolve, reject) => {
    const query = new URLSearchParams({ device: phone.deviceId, account: String(phone.account) });
    const socket = new WebSocket(`${url}/device?${query}`, {
      perMessageDeflate: false,
      handshakeTimeout: CONNECT_TIMEOUT_MS,
    });
    socket.on('message', (data) => {
      const message = JSON.parse(data);
      if (message.type !== 'ayThere') return;
      answered += 1;
      socket.send(JSON.stringify({ type: 'imHere', probe_id: message.probe_id }));
    });
    socket.once('open', () => {
      socket.on('close', (code) => countDrop(`close ${code}`));
      resolve({ close: () => socket.terminate() });
    });
    socket.once('error', (error) => {
      socket.terminate();
      reject(error);
    });
  });
}

async function connectAll({ kind, url, phones, concurrency }) {
  const open = kind === 'socketio' ? openSocketIoPhone : openWsPhone;
  const started = performance.now();
  const failed = [];
  const errors = {};
  let next = 0;
  const worker = async () => {
    while (next < phones.length) {
      const phone = phones[next++];
      try {
        sockets.push(await open(url, phone));
      } catch (error) {
        failed.push(phone.deviceId);
        const message = String(error?.message ?? error).slice(0, 120);
        errors[message] = (errors[message] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return {
    connected: sockets.length,
    failed,
    errors,
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
      open: sockets.length - dropped,
      dropped,
      dropReasons,
      answered,
    });
  } else if (message.type === 'close') {
    closing = true;
    for (const socket of sockets) socket.close();
    process.send({ type: 'closed', id: message.id }, () => process.exit(0));
  }
});
// the bench went away without saying goodbye: go too
process.on('disconnect', () => process.exit(0));
