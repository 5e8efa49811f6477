/**
 * The bare relay the realtime bench compares our server with: the `ws` package alone on loopback,
 * doing the least a relay must do for a probe. No authentication, no validation beyond JSON.parse,
 * no rate limits, no database: a phone says who it is in its URL (`/device?device=…&account=…`), a
 * panel which account it watches (`/panel?account=…`).
 *
 *   panel  {type:'ayThere', device_id, probe_id}  →  phone  {type:'ayThere', probe_id}
 *   phone  {type:'imHere', probe_id}              →  the account's panels  {type:'imHere', device_id, probe_id}
 *
 * Like Socket.IO it pings every socket every 25 s (one timer for all), so dead peers are noticed.
 * Prints "relay ready" once listening on 127.0.0.1:$PORT.
 */
import { WebSocketServer } from 'ws';

const PING_INTERVAL_MS = 25_000;

/** device id → its socket */
const phones = new Map();
/** account → the sockets of its panels */
const panels = new Map();

const server = new WebSocketServer({
  host: '127.0.0.1',
  port: Number(process.env.PORT),
  perMessageDeflate: false,
  maxPayload: 256 * 1024,
});

function parse(data) {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

server.on('connection', (socket, request) => {
  const url = new URL(request.url ?? '/', 'http://relay');
  const account = url.searchParams.get('account') ?? '';
  socket.isAlive = true;
  socket.on('pong', () => {
    socket.isAlive = true;
  });

  if (url.pathname === '/device') {
    const deviceId = url.searchParams.get('device') ?? '';
    phones.set(deviceId, socket);
    socket.on('message', (data) => {
      const message = parse(data);
      if (message?.type !== 'imHere') return;
      const answer = JSON.stringify({ type: 'imHere', device_id: deviceId, probe_id: message.probe_id });
      for (const panel of panels.get(account) ?? []) panel.send(answer);
    });
    socket.on('close', () => {
      if (phones.get(deviceId) === socket) phones.delete(deviceId);
    });
  } else if (url.pathname === '/panel') {
    if (!panels.has(account)) panels.set(account, new Set());
    panels.get(account).add(socket);
    socket.on('message', (data) => {
      const message = parse(data);
      if (message?.type !== 'ayThere') return;
      phones.get(message.device_id)?.send(JSON.stringify({ type: 'ayThere', probe_id: message.probe_id }));
    });
    socket.on('close', () => panels.get(account)?.delete(socket));
  } else {
    socket.close(1008, 'unknown path');
  }
});

setInterval(() => {
  for (const socket of server.clients) {
    if (!socket.isAlive) {
      socket.terminate();
      continue;
    }
    socket.isAlive = false;
    socket.ping();
  }
}, PING_INTERVAL_MS);

server.on('listening', () => console.log(`relay ready on ${process.env.PORT}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
