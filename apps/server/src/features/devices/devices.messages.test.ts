import { describe, expect, it } from 'vitest';
import { signUpUser } from '../../../test/test-app.ts';
import { useRealtimeApp, userWithPhone, wait } from '../../../test/sockets.ts';

const realtime = useRealtimeApp();
const { panel, phone } = realtime;

describe('presence', () => {
  it('tells the panel when its phone connects and disconnects', async () => {
    const ana = await userWithPhone(realtime.app);
    const screen = await panel(ana);
    // the presence list is sent as the panel connects: it may have arrived already
    await screen.seen('presence', (p) => p.device_id === ana.deviceId && p.online === false);
    const online = screen.next('presence', (p) => p.online === true);
    const device = await phone(ana);
    expect(await online).toEqual({ device_id: ana.deviceId, online: true });
    const offline = screen.next('presence', (p) => p.online === false);
    device.close();
    expect(await offline).toEqual({ device_id: ana.deviceId, online: false });
  });
});

describe('probes (ayThere / imHere)', () => {
  it("relays a panel's probe to its phone and the answer back", async () => {
    const ana = await userWithPhone(realtime.app);
    const screen = await panel(ana);
    const device = await phone(ana);
    const probe = device.next('ayThere');
    expect(await screen.ask('ayThere', { device_id: ana.deviceId, probe_id: 'probe-0001' })).toEqual({
      ok: true,
    });
    expect(await probe).toEqual({ probe_id: 'probe-0001' });
    const answer = screen.next('imHere');
    expect(await device.ask('imHere', { probe_id: 'probe-0001' })).toEqual({ ok: true });
    expect(await answer).toEqual({ device_id: ana.deviceId, probe_id: 'probe-0001' });
  });

  it("refuses a probe about another user's phone as one about a missing phone; it hears nothing", async () => {
    const owner = await userWithPhone(realtime.app);
    const other = await signUpUser(realtime.app);
    const ownerPhone = await phone(owner);
    const screen = await panel(other);
    const refusal = { ok: false, code: 'NOT_FOUND', message: 'No encontramos ese dispositivo.' };
    expect(await screen.ask('ayThere', { device_id: owner.deviceId, probe_id: 'probe-0002' })).toEqual(
      refusal,
    );
    expect(await screen.ask('ayThere', { device_id: 'no-existe-123', probe_id: 'probe-0002' })).toEqual(
      refusal,
    );
    await wait(200);
    expect(ownerPhone.received.filter((m) => m.type === 'ayThere')).toEqual([]);
  });

  it("does not let one user's panel hear another user's phone", async () => {
    const ana = await userWithPhone(realtime.app);
    const bea = await userWithPhone(realtime.app);
    const beaScreen = await panel(bea);
    const anaScreen = await panel(ana);
    const anaPhone = await phone(ana);
    await anaScreen.ask('ayThere', { device_id: ana.deviceId, probe_id: 'probe-0003' });
    const answer = anaScreen.next('imHere');
    await anaPhone.ask('imHere', { probe_id: 'probe-0003' });
    await answer;
    await wait(100);
    // what a panel hears about its own phones as it connects is all Bea's panel hears
    const heard = beaScreen.received.filter((m) => m.type !== 'presence' && m.type !== 'deviceStatus');
    expect(heard).toEqual([]);
  });

  it("reads its user's phones again after a minute: a removed phone is refused, a registered one reached", async () => {
    const ana = await userWithPhone(realtime.app);
    const screen = await panel(ana);
    await screen.seen('presence', (p) => p.device_id === ana.deviceId);
    expect(await screen.ask('ayThere', { device_id: ana.deviceId, probe_id: 'probe-0004' })).toEqual({
      ok: true,
    });
    const removed = await realtime.app.post(
      '/api/app/devices/remove',
      { device_id: ana.deviceId, password: ana.password, delete_data: false },
      ana.token,
    );
    expect(removed.statusCode).toBe(200);
    realtime.app.clock.advance(61_000);
    expect(await screen.ask('ayThere', { device_id: ana.deviceId, probe_id: 'probe-0005' })).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: 'No encontramos ese dispositivo.',
    });

    // the same phone registered again is a new row, which the panel's list does not have yet
    const again = await realtime.app.post(
      '/api/device/register',
      {
        device_id: ana.deviceId,
        device_brand: 'Samsung',
        device_name: 'Teléfono de prueba',
        device_model: 'Galaxy A54',
        device_so: 'android',
        device_soversion: 14,
      },
      ana.token,
    );
    expect(again.statusCode).toBe(200);
    const device = await phone({ deviceToken: (again.json() as { device_token: string }).device_token });
    const probe = device.next('ayThere');
    expect(await screen.ask('ayThere', { device_id: ana.deviceId, probe_id: 'probe-0006' })).toEqual({
      ok: true,
    });
    expect(await probe).toEqual({ probe_id: 'probe-0006' });
  });
});
