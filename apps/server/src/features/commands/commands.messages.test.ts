import { describe, expect, it } from 'vitest';
import { useRealtimeApp, userWithPhone, wait } from '../../../test/sockets.ts';

const realtime = useRealtimeApp();
const { panel, phone, commandRow } = realtime;

describe('commands: an order and its outcome', () => {
  it('delivers a lock to the phone and follows it to done, telling the panel each state', async () => {
    const ana = await userWithPhone(realtime.app);
    const screen = await panel(ana);
    const device = await phone(ana);
    const received = device.next('command');
    const { command } = (
      await realtime.app.post(
        '/api/app/lostphone/blockMyPhoneNotification',
        { device_id: ana.deviceId, pin: '2580' },
        ana.token,
      )
    ).json();
    expect(await received).toEqual({
      id: command.id,
      type: 'lock',
      pin: '2580',
      created_at: command.created_at,
    });

    const delivered = screen.next(
      'commandState',
      (p: { command: { state: string } }) => p.command.state === 'delivered',
    );
    const ack = screen.next('imHere', (p) => p.command_id === command.id);
    expect(await device.ask('imHere', { command_id: command.id })).toEqual({ ok: true });
    await delivered;
    expect(await ack).toEqual({ device_id: ana.deviceId, command_id: command.id });

    const done = screen.next(
      'commandState',
      (p: { command: { state: string } }) => p.command.state === 'done',
    );
    expect(await device.ask('commandResult', { command_id: command.id, outcome: 'done' })).toEqual({
      ok: true,
    });
    expect((await done).command).toMatchObject({ id: command.id, type: 'lock', state: 'done', reason: null });
    // the PIN is forgotten once the phone is done with it
    expect((await commandRow(command.id)).payload).toEqual({});
    // a late duplicate is harmless; a contradicting one is refused
    expect(await device.ask('commandResult', { command_id: command.id, outcome: 'done' })).toEqual({
      ok: true,
    });
    expect(await device.ask('commandResult', { command_id: command.id, outcome: 'failed' })).toMatchObject({
      ok: false,
      code: 'VALIDATION',
    });
    expect((await commandRow(command.id)).state).toBe('done');
  });

  it('accepts the acknowledgement and the outcome sent back to back, and the panel hears both', async () => {
    const ana = await userWithPhone(realtime.app);
    const screen = await panel(ana);
    const device = await phone(ana);
    for (let i = 0; i < 5; i += 1) {
      const { command } = (
        await realtime.app.post(
          '/api/app/lostphone/lostMyPhoneSubscribeNotification',
          { device_id: ana.deviceId },
          ana.token,
        )
      ).json();
      const heard = screen.next('imHere', (p) => p.command_id === command.id);
      // as a phone does: acknowledge, then report at once, without waiting for the first answer
      const answers = await Promise.all([
        device.ask('imHere', { command_id: command.id }),
        device.ask('commandResult', { command_id: command.id, outcome: 'done' }),
      ]);
      expect(answers).toEqual([{ ok: true }, { ok: true }]);
      await heard;
      expect((await commandRow(command.id)).state).toBe('done');
    }
  });

  it('records lost mode as the phone carried it out, even when no panel was waiting', async () => {
    const ana = await userWithPhone(realtime.app);
    const device = await phone(ana);
    const lost = async () =>
      (await realtime.app.post('/api/app/lostphone/getLostMyPhoneData', {}, ana.token)).json().config[0].lost;
    for (const [path, expected] of [
      ['lostMyPhoneSubscribeNotification', true],
      ['lostMyPhoneUnSubscribeNotification', false],
    ] as const) {
      const { command } = (
        await realtime.app.post(`/api/app/lostphone/${path}`, { device_id: ana.deviceId }, ana.token)
      ).json();
      await device.ask('imHere', { command_id: command.id });
      expect(await lost()).toBe(!expected);
      await device.ask('commandResult', { command_id: command.id, outcome: 'done' });
      expect(await lost()).toBe(expected);
    }
  });

  it('records a failure with the reason the phone gives', async () => {
    const ana = await userWithPhone(realtime.app);
    const device = await phone(ana);
    const { command } = (
      await realtime.app.post(
        '/api/app/lostphone/blockMyPhoneNotification',
        { device_id: ana.deviceId, pin: '1111' },
        ana.token,
      )
    ).json();
    await device.ask('commandResult', {
      command_id: command.id,
      outcome: 'failed',
      reason: 'Sin permiso de administrador',
    });
    const { commands } = (
      await realtime.app.post('/api/app/lostphone/getCommands', { device_id: ana.deviceId }, ana.token)
    ).json();
    expect(commands[0]).toMatchObject({ state: 'failed', reason: 'Sin permiso de administrador' });
  });
});

describe('commands: a phone that connects again, and whose answer counts', () => {
  it('gives a phone that reconnects what is pending, and expires orders older than COMMAND_PENDING_DAYS (decision 043)', async () => {
    const ana = await userWithPhone(realtime.app);
    const post = (path: string, body: unknown) =>
      realtime.app.post(`/api/app/lostphone/${path}`, body, ana.token);
    const lock = (await post('blockMyPhoneNotification', { device_id: ana.deviceId, pin: '1234' })).json()
      .command;
    await realtime.app.post('/api/app/user/validatePass', { password: ana.password }, ana.token);
    const wipe = (await post('wipePhoneDataNotification', { device_id: ana.deviceId })).json().command;
    // a day is no longer enough to expire them (it was, for locks and wipes, before decision 043)
    realtime.app.clock.advance(6 * 24 * 60 * 60 * 1000);
    const lostOn = (await post('lostMyPhoneSubscribeNotification', { device_id: ana.deviceId })).json()
      .command;
    realtime.app.clock.advance(25 * 60 * 60 * 1000);
    // one order of each kind waits: lost mode's "off" replaces its "on" (give-order.ts)
    const lostOff = (await post('lostMyPhoneUnSubscribeNotification', { device_id: ana.deviceId })).json()
      .command;
    expect((await commandRow(lostOn.id)).state).toBe('cancelled');

    const screen = await panel(ana);
    const expiredStates = [lock, wipe].map((ordered: { id: number }) =>
      screen.next(
        'commandState',
        (p: { command: { id: number; state: string } }) => p.command.id === ordered.id,
      ),
    );
    const device = await phone(ana);
    await device.gathered('command', 1);
    await wait(300); // and nothing more
    const delivered = device.received
      .filter((m) => m.type === 'command')
      .map((m) => m.payload as { id: number });
    expect(delivered.map((c) => c.id)).toEqual([lostOff.id]);
    expect(
      (await Promise.all(expiredStates)).map((p) => (p as { command: { state: string } }).command.state),
    ).toEqual(['expired', 'expired']);
    expect((await commandRow(wipe.id)).state).toBe('expired');

    // acknowledged but unfinished commands come again after the next reconnection
    await device.ask('imHere', { command_id: lostOff.id });
    device.close();
    const again = await phone(ana);
    await again.gathered('command', 1);
    await wait(300); // and nothing more
    expect(
      again.received.filter((m) => m.type === 'command').map((m) => (m.payload as { id: number }).id),
    ).toEqual([lostOff.id]);
  });

  it('tells a phone that connects what it should have running, before the orders still open', async () => {
    // on Protección, whose tracking the route needs
    const ana = await userWithPhone(realtime.app, { planId: 2 });
    const post = (path: string, body: unknown) => realtime.app.post(`/api/app/${path}`, body, ana.token);
    const firstMessages = async (commands = 0) => {
      const device = await phone(ana);
      // it may come before `connect` resolves: look at what was received, not only what comes next
      await device.gathered('resume', 1);
      await device.gathered('command', commands);
      await wait(200); // and nothing more
      device.close();
      return device.received;
    };
    // nothing on: nothing to restore
    expect(await firstMessages()).toEqual([{ type: 'resume', payload: { lost: null, tracking: null } }]);

    // lost mode carried out, and a route open: both come back to a phone that forgot them
    const device = await phone(ana);
    const { command: lostOn } = (
      await post('lostphone/lostMyPhoneSubscribeNotification', { device_id: ana.deviceId })
    ).json();
    await device.ask('imHere', { command_id: lostOn.id });
    await device.ask('commandResult', { command_id: lostOn.id, outcome: 'done' });
    device.close();
    const { tracking } = (
      await post('tracking/changeTrackingStatus', { device_id: ana.deviceId, trackingStatus: 1 })
    ).json();
    const [resume, ...rest] = await firstMessages(1);
    expect(resume).toEqual({
      type: 'resume',
      payload: { lost: { report_every_s: 3600 }, tracking: { tracking_id: tracking.id, interval_s: 5 } },
    });
    // then the order to track, still open, as a newer order
    expect(rest.map((m) => (m.payload as { type: string }).type)).toEqual(['trackingOn']);

    // lost mode turned off while the phone is away: resume still says lost (the phone has not
    // carried the order out), and the lostOff that follows it turns it off
    await post('lostphone/lostMyPhoneUnSubscribeNotification', { device_id: ana.deviceId });
    await post('tracking/changeTrackingStatus', { device_id: ana.deviceId, trackingStatus: 2 });
    const [again, ...orders] = await firstMessages(3);
    expect(again).toEqual({ type: 'resume', payload: { lost: { report_every_s: 3600 }, tracking: null } });
    expect(orders.map((m) => (m.payload as { type: string }).type)).toEqual([
      'trackingOn',
      'lostOff',
      'trackingOff',
    ]);
  });

  it("does not let a phone answer for another phone's command", async () => {
    const ana = await userWithPhone(realtime.app);
    const bea = await userWithPhone(realtime.app);
    const { command } = (
      await realtime.app.post(
        '/api/app/lostphone/blockMyPhoneNotification',
        { device_id: ana.deviceId, pin: '1234' },
        ana.token,
      )
    ).json();
    const beaPhone = await phone(bea);
    expect(await beaPhone.ask('commandResult', { command_id: command.id, outcome: 'done' })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await beaPhone.ask('imHere', { command_id: command.id })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect((await commandRow(command.id)).state).toBe('sent');
  });
});
