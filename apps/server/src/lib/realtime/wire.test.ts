/**
 * wire.ts against real clients: socket.io-client over WebSocket (served by wire.ts) and over long
 * polling (served by Socket.IO) on the same server, and a raw WebSocket that breaks the protocol.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import WebSocket from 'ws';
import { PANEL_NAMESPACE } from '@escudo/contract';
import { panelToken, useRealtimeApp, userWithPhone } from '../../../test/sockets.ts';

const realtime = useRealtimeApp();
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** a raw WebSocket speaking Engine.IO 4 by hand; `texts` holds every text frame received */
async function rawSocket() {
  const url = `${realtime.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`;
  const ws = new WebSocket(url);
  closers.push(() => ws.terminate());
  const texts: string[] = [];
  ws.on('message', (data) => texts.push(String(data)));
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const received = async (prefix: string) => {
    await expect.poll(() => texts.some((text) => text.startsWith(prefix)), { timeout: 5000 }).toBe(true);
    return texts.find((text) => text.startsWith(prefix))!;
  };
  return { ws, texts, closed, received };
}

describe('the WebSocket path (wire.ts) beside Socket.IO', () => {
  it('serves a WebSocket panel itself and a long-polling one through Socket.IO; a phone reaches both', async () => {
    const hub = realtime.app.realtime;
    const ana = await userWithPhone(realtime.app);
    const direct = await realtime.panel(ana);
    const polling = io(`${realtime.url}${PANEL_NAMESPACE}`, {
      auth: { token: await panelToken(realtime.app, ana) },
      transports: ['polling'],
      reconnection: false,
      forceNew: true,
    });
    closers.push(() => polling.close());
    const pollingPresence = new Promise<unknown>((resolve) =>
      polling.on('presence', (payload: { online: boolean }) => payload.online && resolve(payload)),
    );
    await new Promise<void>((resolve, reject) => {
      polling.once('connect', resolve);
      polling.once('connect_error', reject);
    });
    expect(hub.wire?.panel.sockets.size).toBe(1);
    expect(hub.panel.sockets.size).toBe(1);

    const phone = await realtime.phone(ana);
    expect(hub.wire?.device.sockets.size).toBe(1);
    const online = { device_id: ana.deviceId, online: true };
    expect(await direct.next('presence', (p: { online: boolean }) => p.online)).toEqual(online);
    expect(await pollingPresence).toEqual(online);

    // a probe from the WebSocket panel, acknowledged, reaches the phone; its answer reaches both panels
    const probe = phone.next<{ probe_id: string }>('ayThere');
    expect(await direct.ask('ayThere', { device_id: ana.deviceId, probe_id: 'probe-0001' })).toEqual({
      ok: true,
    });
    expect(await probe).toEqual({ probe_id: 'probe-0001' });
    const pollingAnswer = new Promise((resolve) => polling.once('imHere', resolve));
    phone.emit('imHere', { probe_id: 'probe-0001' });
    expect(await direct.next('imHere')).toEqual({ probe_id: 'probe-0001', device_id: ana.deviceId });
    expect(await pollingAnswer).toEqual({ probe_id: 'probe-0001', device_id: ana.deviceId });
  });

  it('opens with Engine.IO 4, refuses a bad token in Spanish and an unknown namespace, and answers pings', async () => {
    const raw = await rawSocket();
    const open = JSON.parse((await raw.received('0')).slice(1)) as Record<string, unknown>;
    expect(open).toMatchObject({ upgrades: [], pingInterval: 25_000, pingTimeout: 20_000 });
    raw.ws.send('40/panel,{"token":"nada"}');
    const refused = JSON.parse((await raw.received('44/panel,')).slice('44/panel,'.length)) as {
      message: string;
      data: { code: string };
    };
    expect(refused.message).toMatch(/sesión no es válida/);
    expect(refused.data.code).toBe('UNAUTHENTICATED');
    raw.ws.send('40/nada,');
    expect(await raw.received('44/nada,')).toBe('44/nada,{"message":"Invalid namespace"}');
    // a pong counts as life; nothing is answered to it
    raw.ws.send('3');
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('closes only the connection that breaks the protocol', async () => {
    const ana = await userWithPhone(realtime.app);
    const bystander = await realtime.panel(ana);
    for (const broken of [
      '42/panel,{"not":"an array"}',
      '4x',
      '42/panel,["disconnect"]',
      'hello',
      '45-/panel,["x",{}]',
    ]) {
      const raw = await rawSocket();
      await raw.received('0');
      raw.ws.send(`40/panel,${JSON.stringify({ token: await panelToken(realtime.app, ana) })}`);
      await raw.received('40/panel,');
      raw.ws.send(broken);
      await raw.closed;
    }
    const binary = await rawSocket();
    binary.ws.send(Buffer.from([1, 2, 3]));
    await binary.closed;
    expect(bystander.connected).toBe(true);
    // a binary attachment is carried, then refused by the message's schema, as on Socket.IO's path
    expect(await bystander.ask('ayThere', Buffer.from([0, 1, 255]))).toMatchObject({
      ok: false,
      code: 'VALIDATION',
    });
    expect(await bystander.ask('ayThere', { device_id: ana.deviceId, probe_id: 'still-here' })).toEqual({
      ok: true,
    });
  });
});
