/**
 * Two real server processes sharing PostgreSQL and the machine's Redis: a panel on one and a phone on
 * the other still talk (decision 007). Runs in the PostgreSQL project only, since PGlite is one process's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_NAMESPACE, PANEL_NAMESPACE } from '@escudo/contract';
import { connect } from '../../../test/sockets.ts';
import { useSharedServers } from '../../../test/shared-servers.ts';
import { panelCustomToken, postTo, registerPhone, signUp } from '../../../test/http.ts';

const isPostgresRun = process.env.ESCUDO_TEST_DB === 'postgres';

describe.skipIf(!isPostgresRun)('two server processes through Redis', () => {
  const servers = useSharedServers(2);
  const { sockets } = servers;
  let a: string;
  let b: string;
  beforeAll(() => {
    [a, b] = servers.urls as [string, string];
  });

  it('relays probes, commands and their states between a panel on one process and a phone on the other', async () => {
    const onA = postTo(a);
    const { token } = await signUp(onA);
    const { deviceId, deviceToken } = await registerPhone(postTo(b), token);
    const customToken = await panelCustomToken(onA, token);

    const panel = await connect(`${a}${PANEL_NAMESPACE}`, customToken);
    sockets.push(panel);
    const online = panel.next('presence', (p) => p.online === true, 10_000);
    const phone = await connect(`${b}${DEVICE_NAMESPACE}`, deviceToken);
    sockets.push(phone);
    expect(await online).toEqual({ device_id: deviceId, online: true });

    const probe = phone.next('ayThere', undefined, 10_000);
    expect(await panel.ask('ayThere', { device_id: deviceId, probe_id: 'cross-process-1' })).toEqual({
      ok: true,
    });
    expect(await probe).toEqual({ probe_id: 'cross-process-1' });
    const answer = panel.next('imHere', undefined, 10_000);
    await phone.ask('imHere', { probe_id: 'cross-process-1' });
    expect(await answer).toEqual({ device_id: deviceId, probe_id: 'cross-process-1' });

    // an order given through process A reaches the phone on process B, and its states come back
    const command = phone.next('command', undefined, 10_000);
    const lock = await onA<{ command: { id: number } }>(
      '/api/app/lostphone/blockMyPhoneNotification',
      { device_id: deviceId, pin: '4321' },
      token,
    );
    expect(lock.status).toBe(200);
    expect(await command).toMatchObject({ type: 'lock', pin: '4321' });
    const done = panel.next(
      'commandState',
      (p: { command: { state: string } }) => p.command.state === 'done',
      10_000,
    );
    await phone.ask('imHere', { command_id: lock.body.command.id });
    await phone.ask('commandResult', {
      command_id: lock.body.command.id,
      outcome: 'done',
    });
    expect((await done).command).toMatchObject({ type: 'lock', state: 'done' });
  });

  it('says a phone on the other process is online, and relays its status', async () => {
    const onA = postTo(a);
    const { token } = await signUp(onA);
    const { deviceId, deviceToken } = await registerPhone(postTo(b), token);
    const panel = await connect(`${a}${PANEL_NAMESPACE}`, await panelCustomToken(onA, token));
    sockets.push(panel);
    const online = panel.next('deviceStatus', (p) => p.online === true, 10_000);
    const phone = await connect(`${b}${DEVICE_NAMESPACE}`, deviceToken);
    sockets.push(phone);
    expect(await online).toMatchObject({ device_id: deviceId, online: true });

    type Details = { user: { dispositivos: { online: boolean; battery: number | null }[] } };
    const details = await onA<Details>('/api/app/user/details', {}, token);
    expect(details.body.user.dispositivos).toMatchObject([{ online: true }]);

    const told = panel.next('deviceStatus', (p) => p.battery === 64, 10_000);
    expect(await phone.ask('status', { battery: 64, charging: false, network: 'wifi' })).toEqual({
      ok: true,
    });
    expect(await told).toMatchObject({ device_id: deviceId, online: true, network: 'wifi' });

    const offline = panel.next('deviceStatus', (p) => p.online === false, 10_000);
    phone.close();
    expect(await offline).toMatchObject({ device_id: deviceId, battery: 64 });
    const after = await onA<Details>('/api/app/user/details', {}, token);
    expect(after.body.user.dispositivos).toMatchObject([{ online: false, battery: 64 }]);
  });
});
