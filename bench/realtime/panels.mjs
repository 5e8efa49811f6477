/**
 * The panel side of the realtime bench, run in the bench process: one panel socket per account, and
 * the loop that sends ayThere probes to random connected phones and times each imHere that comes back.
 * The same code drives our server (Socket.IO, /panel) and the bare relay (ws), so the two round trips
 * differ only by what sits in the middle.
 */
import { io } from 'socket.io-client';
import { PANEL_NAMESPACE } from '../lib/contract.mjs';
import WebSocket from 'ws';

/**
 * The server refuses a socket's messages beyond 20 a second, burst 40 (REALTIME_MESSAGES_PER_SECOND
 * in packages/contract/src/realtime.ts). Each panel keeps under that with a slower bucket of its own,
 * so no probe is ever refused for its rate; the relay gets the same pacing.
 */
const PANEL_PER_SECOND = 18;
const PANEL_BURST = 30;
/** a probe with no answer after this long counts as lost */
const PROBE_TIMEOUT_MS = 5_000;

function createBucket(perSecond, burst) {
  let tokens = burst;
  let last = performance.now();
  return {
    take() {
      const now = performance.now();
      tokens = Math.min(burst, tokens + ((now - last) / 1000) * perSecond);
      last = now;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/**
 * A panel: `send(deviceId, probeId)`, and the prober's `onAnswer(probeId)` / `onRejected(info)`.
 * Socket.IO: the real /panel namespace with the account's customToken, websocket only, no ack
 * (the relay has none either: a refusal still arrives, as a `rejected` message).
 */
function connectSocketIoPanel(url, account, index) {
  return new Promise((resolve, reject) => {
    const socket = io(`${url}${PANEL_NAMESPACE}`, {
      auth: { token: account.customToken },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 30_000,
    });
    const panel = {
      index,
      bucket: createBucket(PANEL_PER_SECOND, PANEL_BURST),
      onAnswer: () => {},
      onRejected: () => {},
      send: (deviceId, probeId) => socket.emit('ayThere', { device_id: deviceId, probe_id: probeId }),
      close: () => socket.close(),
    };
    socket.on('imHere', (payload) => panel.onAnswer(payload.probe_id));
    socket.on('rejected', (payload) => panel.onRejected(payload));
    socket.once('connect', () => resolve(panel));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(new Error(`panel ${index}: ${error.message}`));
    });
  });
}

function connectWsPanel(url, _account, index) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url}/panel?account=${index}`, { perMessageDeflate: false });
    const panel = {
      index,
      bucket: createBucket(PANEL_PER_SECOND, PANEL_BURST),
      onAnswer: () => {},
      onRejected: () => {},
      send: (deviceId, probeId) =>
        socket.send(JSON.stringify({ type: 'ayThere', device_id: deviceId, probe_id: probeId })),
      close: () => socket.terminate(),
    };
    socket.on('message', (data) => {
      const message = JSON.parse(data);
      if (message.type === 'imHere') panel.onAnswer(message.probe_id);
    });
    socket.once('open', () => resolve(panel));
    socket.once('error', (error) => reject(new Error(`panel ${index}: ${error.message}`)));
  });
}

/** One panel per account, index = account number; 20 connecting at a time. */
export async function connectPanels(kind, url, accounts) {
  const connect = kind === 'socketio' ? connectSocketIoPanel : connectWsPanel;
  const panels = new Array(accounts.length);
  let next = 0;
  const worker = async () => {
    while (next < accounts.length) {
      const index = next++;
      panels[index] = await connect(url, accounts[index], index);
    }
  };
  try {
    await Promise.all(Array.from({ length: 20 }, worker));
  } catch (error) {
    for (const panel of panels) panel?.close();
    throw error;
  }
  return panels;
}

let probeSequence = 0;
const runTag = Math.random().toString(36).slice(2, 8);

/**
 * Sends `count` probes to random phones of `phones` ({deviceId, account}), keeping `inFlight` of them
 * outstanding, and times each from the panel's send to the panel's receipt of the matching imHere.
 */
export function runProbes({ panels, phones, count, inFlight }) {
  const pending = new Map();
  const latenciesMs = [];
  let sent = 0;
  let lost = 0;
  let rejected = 0;
  let pacedWaits = 0;
  const rejections = {};
  const started = performance.now();

  return new Promise((resolve) => {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      for (const panel of panels) {
        panel.onAnswer = () => {};
        panel.onRejected = () => {};
      }
      resolve({
        count,
        inFlight,
        sent,
        answered: latenciesMs.length,
        lost,
        rejected,
        rejections,
        pacedWaits,
        seconds: (performance.now() - started) / 1000,
        latenciesMs,
      });
    };
    const settle = () => {
      if (sent < count && rejected <= 20) launch();
      else if (pending.size === 0) finish();
    };
    const launch = () => {
      // a launch deferred by pacing may come after the last probe was sent
      if (sent >= count || rejected > 20) {
        if (pending.size === 0) finish();
        return;
      }
      // a random phone whose panel may still send; re-drawing does not bias the latencies
      for (let tries = 0; tries < 50; tries += 1) {
        const phone = phones[Math.floor(Math.random() * phones.length)];
        const panel = panels[phone.account];
        if (!panel.bucket.take()) continue;
        const probeId = `probe-${runTag}-${(probeSequence++).toString(36).padStart(7, '0')}`;
        const timer = setTimeout(() => {
          pending.delete(probeId);
          lost += 1;
          settle();
        }, PROBE_TIMEOUT_MS);
        pending.set(probeId, { sentAt: performance.now(), timer });
        sent += 1;
        panel.send(phone.deviceId, probeId);
        return;
      }
      // every panel drawn was at its rate limit: the client, not the server, is holding back
      pacedWaits += 1;
      setTimeout(launch, 2);
    };
    for (const panel of panels) {
      panel.onAnswer = (probeId) => {
        const probe = pending.get(probeId);
        if (!probe) return;
        latenciesMs.push(performance.now() - probe.sentAt);
        pending.delete(probeId);
        clearTimeout(probe.timer);
        settle();
      };
      panel.onRejected = (info) => {
        rejected += 1;
        const key = `${info.type}: ${info.code}`;
        rejections[key] = (rejections[key] ?? 0) + 1;
      };
    }
    for (let i = 0; i < Math.min(inFlight, count); i += 1) launch();
  });
}

/** p50/p90/p99/max/mean of a list of milliseconds, rounded to 0.01 ms */
export function summarize(latenciesMs) {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 100) / 100;
  const at = (q) =>
    sorted.length ? round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]) : null;
  return {
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: sorted.length ? round(sorted.at(-1)) : null,
    mean: sorted.length ? round(sorted.reduce((a, b) => a + b, 0) / sorted.length) : null,
  };
}
