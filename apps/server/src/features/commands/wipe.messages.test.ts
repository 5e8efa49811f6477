import { describe, expect, it } from 'vitest';
import { useRealtimeApp, userWithPhone, wait } from '../../../test/sockets.ts';

const realtime = useRealtimeApp();
const { panel, phone, commandRow } = realtime;

describe('wipe', () => {
  async function startWipe() {
    const ana = await userWithPhone(realtime.app);
    await realtime.app.post('/api/app/user/validatePass', { password: ana.password }, ana.token);
    const screen = await panel(ana);
    return { ana, screen };
  }

  it('a stop from the panel reaches the phone, whose confirmation ends the wipe as cancelled', async () => {
    const { ana, screen } = await startWipe();
    const device = await phone(ana);
    const received = device.next('command');
    const { command } = (
      await realtime.app.post(
        '/api/app/lostphone/wipePhoneDataNotification',
        { device_id: ana.deviceId },
        ana.token,
      )
    ).json();
    await received;
    await device.ask('imHere', { command_id: command.id });
    const stop = device.next('cancelingWipe');
    expect(await screen.ask('cancelingWipe', { device_id: ana.deviceId, command_id: command.id })).toEqual({
      ok: true,
    });
    expect(await stop).toEqual({ command_id: command.id });
    const stopped = screen.next('cancelingWipe');
    await device.ask('cancelingWipe', { command_id: command.id });
    expect(await stopped).toEqual({ device_id: ana.deviceId, command_id: command.id });
    expect((await commandRow(command.id)).state).toBe('cancelled');
  });

  it("'deleting' ends it as done, and then it can no longer be stopped", async () => {
    const { ana, screen } = await startWipe();
    const device = await phone(ana);
    const { command } = (
      await realtime.app.post(
        '/api/app/lostphone/wipePhoneDataNotification',
        { device_id: ana.deviceId },
        ana.token,
      )
    ).json();
    await device.ask('imHere', { command_id: command.id });
    const deleting = screen.next('deleting');
    await device.ask('deleting', { command_id: command.id });
    expect(await deleting).toEqual({ device_id: ana.deviceId, command_id: command.id });
    expect((await commandRow(command.id)).state).toBe('done');
    expect(
      await screen.ask('cancelingWipe', { device_id: ana.deviceId, command_id: command.id }),
    ).toMatchObject({
      ok: false,
      message: 'El teléfono ya comenzó el borrado; no se puede detener.',
    });
    // a plain 'done' result is not how a wipe ends
    const lock = (
      await realtime.app.post(
        '/api/app/lostphone/blockMyPhoneNotification',
        { device_id: ana.deviceId, pin: '1234' },
        ana.token,
      )
    ).json().command;
    expect(await device.ask('deleting', { command_id: lock.id })).toMatchObject({
      ok: false,
      code: 'VALIDATION',
    });
  });

  it('a stop before the phone got the order cancels it for good', async () => {
    const { ana, screen } = await startWipe();
    const { command } = (
      await realtime.app.post(
        '/api/app/lostphone/wipePhoneDataNotification',
        { device_id: ana.deviceId },
        ana.token,
      )
    ).json();
    const stopped = screen.next('cancelingWipe');
    expect(await screen.ask('cancelingWipe', { device_id: ana.deviceId, command_id: command.id })).toEqual({
      ok: true,
    });
    await stopped;
    expect((await commandRow(command.id)).state).toBe('cancelled');
    const device = await phone(ana);
    await wait(300);
    expect(device.received.filter((m) => m.type === 'command')).toEqual([]);
  });
});
