import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signUpUser, type TestApp } from '../test/test-app.ts';
import { connect, listen, panelToken, userWithPhone, type TestSocket } from '../test/sockets.ts';
import { deviceCommands } from '../lib/db/schema.ts';

let app: TestApp;
let url: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => app.close());

async function panel(user: { token: string }) {
  const socket = await connect(`${url}/panel`, await panelToken(app, user));
  sockets.push(socket);
  return socket;
}
async function phone(owner: { deviceToken: string }) {
  const socket = await connect(`${url}/device`, owner.deviceToken);
  sockets.push(socket);
  return socket;
}
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stateOf = async (id: number) =>
  (await app.ctx.db.select().from(deviceCommands).where(eq(deviceCommands.id, id)))[0]!;

describe('connecting', () => {
  it('gives a panel token only for its own panel id', async () => {
    const ana = await signUpUser(app);
    const wrong = await app.post(
      '/api/app/user/createFirebaseAuthToken',
      { device_id: 'panel-999999' },
      ana.token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(
      (await app.post('/api/app/user/createFirebaseAuthToken', { device_id: 'panel-1' })).statusCode,
    ).toBe(401);
  });

  it('refuses sockets without a valid token, with a Spanish reason', async () => {
    const ana = await userWithPhone(app);
    for (const [namespace, token] of [
      ['/panel', 'nada'],
      ['/panel', ana.deviceToken],
      ['/device', 'nada'],
      ['/device', await panelToken(app, ana)],
      ['/device', ana.token],
    ] as const) {
      const refused = connect(`${url}${namespace}`, token);
      await expect(refused).rejects.toMatchObject({ message: expect.stringMatching(/sesión no es válida/) });
    }
  });

  it('closes a panel when its session signs out, and its token stops working', async () => {
    const ana = await signUpUser(app);
    const token = await panelToken(app, ana);
    const socket = await connect(`${url}/panel`, token);
    sockets.push(socket);
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    expect((await app.post('/api/auth/logout', {}, ana.token)).statusCode).toBe(204);
    await closed;
    await expect(connect(`${url}/panel`, token)).rejects.toThrow();
  });

  it('tells the panel when its phone connects and disconnects', async () => {
    const ana = await userWithPhone(app);
    const screen = await panel(ana);
    await screen.next('presence', (p) => p.device_id === ana.deviceId && p.online === false);
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
    const ana = await userWithPhone(app);
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
    const owner = await userWithPhone(app);
    const other = await signUpUser(app);
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
    const ana = await userWithPhone(app);
    const bea = await userWithPhone(app);
    const beaScreen = await panel(bea);
    const anaScreen = await panel(ana);
    const anaPhone = await phone(ana);
    await anaScreen.ask('ayThere', { device_id: ana.deviceId, probe_id: 'probe-0003' });
    const answer = anaScreen.next('imHere');
    await anaPhone.ask('imHere', { probe_id: 'probe-0003' });
    await answer;
    await wait(100);
    expect(beaScreen.received.map((m) => m.type).filter((t) => t !== 'presence')).toEqual([]);
  });
});

describe('commands', () => {
  it('delivers a lock to the phone and follows it to done, telling the panel each state', async () => {
    const ana = await userWithPhone(app);
    const screen = await panel(ana);
    const device = await phone(ana);
    const received = device.next('command');
    const { command } = (
      await app.post(
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
    expect((await stateOf(command.id)).payload).toEqual({});
    // a late duplicate is harmless; a contradicting one is refused
    expect(await device.ask('commandResult', { command_id: command.id, outcome: 'done' })).toEqual({
      ok: true,
    });
    expect(await device.ask('commandResult', { command_id: command.id, outcome: 'failed' })).toMatchObject({
      ok: false,
      code: 'VALIDATION',
    });
    expect((await stateOf(command.id)).state).toBe('done');
  });

  it('accepts the acknowledgement and the outcome sent back to back, and the panel hears both', async () => {
    const ana = await userWithPhone(app);
    const screen = await panel(ana);
    const device = await phone(ana);
    for (let i = 0; i < 5; i += 1) {
      const { command } = (
        await app.post(
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
      expect((await stateOf(command.id)).state).toBe('done');
    }
  });

  it('records lost mode as the phone carried it out, even when no panel was waiting', async () => {
    const ana = await userWithPhone(app);
    const device = await phone(ana);
    const lost = async () =>
      (await app.post('/api/app/lostphone/getLostMyPhoneData', {}, ana.token)).json().config[0].lost;
    for (const [path, expected] of [
      ['lostMyPhoneSubscribeNotification', true],
      ['lostMyPhoneUnSubscribeNotification', false],
    ] as const) {
      const { command } = (
        await app.post(`/api/app/lostphone/${path}`, { device_id: ana.deviceId }, ana.token)
      ).json();
      await device.ask('imHere', { command_id: command.id });
      expect(await lost()).toBe(!expected);
      await device.ask('commandResult', { command_id: command.id, outcome: 'done' });
      expect(await lost()).toBe(expected);
    }
  });

  it('records a failure with the reason the phone gives', async () => {
    const ana = await userWithPhone(app);
    const device = await phone(ana);
    const { command } = (
      await app.post(
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
      await app.post('/api/app/lostphone/getCommands', { device_id: ana.deviceId }, ana.token)
    ).json();
    expect(commands[0]).toMatchObject({ state: 'failed', reason: 'Sin permiso de administrador' });
  });

  it('gives a phone that reconnects what is pending, and expires locks and wipes older than 24 hours', async () => {
    const ana = await userWithPhone(app);
    const post = (path: string, body: unknown) => app.post(`/api/app/lostphone/${path}`, body, ana.token);
    const lock = (await post('blockMyPhoneNotification', { device_id: ana.deviceId, pin: '1234' })).json()
      .command;
    await app.post('/api/app/user/validatePass', { password: ana.password }, ana.token);
    const wipe = (await post('wipePhoneDataNotification', { device_id: ana.deviceId })).json().command;
    const lostOn = (await post('lostMyPhoneSubscribeNotification', { device_id: ana.deviceId })).json()
      .command;
    app.clock.advance(25 * 60 * 60 * 1000);
    const recent = (await post('blockMyPhoneNotification', { device_id: ana.deviceId, pin: '9876' })).json()
      .command;

    const screen = await panel(ana);
    const expiredStates = [
      screen.next(
        'commandState',
        (p: { command: { id: number; state: string } }) => p.command.id === lock.id,
      ),
      screen.next(
        'commandState',
        (p: { command: { id: number; state: string } }) => p.command.id === wipe.id,
      ),
    ];
    const device = await phone(ana);
    await wait(300);
    const delivered = device.received
      .filter((m) => m.type === 'command')
      .map((m) => m.payload as { id: number });
    expect(delivered.map((c) => c.id)).toEqual([lostOn.id, recent.id]);
    expect(
      (await Promise.all(expiredStates)).map((p) => (p as { command: { state: string } }).command.state),
    ).toEqual(['expired', 'expired']);
    expect((await stateOf(wipe.id)).state).toBe('expired');

    // acknowledged but unfinished commands come again after the next reconnection
    await device.ask('imHere', { command_id: lostOn.id });
    device.close();
    const again = await phone(ana);
    await wait(300);
    expect(
      again.received.filter((m) => m.type === 'command').map((m) => (m.payload as { id: number }).id),
    ).toEqual([lostOn.id, recent.id]);
  });

  it('tells a phone that connects what it should have running, before the orders still open', async () => {
    // on Protección, whose tracking the route needs
    const ana = await userWithPhone(app, { planId: 2 });
    const post = (path: string, body: unknown) => app.post(`/api/app/${path}`, body, ana.token);
    const firstMessage = async () => {
      const device = await phone(ana);
      // it may come before `connect` resolves: look at what was received, not only what comes next
      for (let waited = 0; !device.received.some((m) => m.type === 'resume') && waited < 5_000; waited += 20)
        await wait(20);
      await wait(200);
      device.close();
      return device.received;
    };
    // nothing on: nothing to restore
    expect(await firstMessage()).toEqual([{ type: 'resume', payload: { lost: null, tracking: null } }]);

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
    const [resume, ...rest] = await firstMessage();
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
    const [again, ...orders] = await firstMessage();
    expect(again).toEqual({ type: 'resume', payload: { lost: { report_every_s: 3600 }, tracking: null } });
    expect(orders.map((m) => (m.payload as { type: string }).type)).toEqual([
      'trackingOn',
      'lostOff',
      'trackingOff',
    ]);
  });

  it("does not let a phone answer for another phone's command", async () => {
    const ana = await userWithPhone(app);
    const bea = await userWithPhone(app);
    const { command } = (
      await app.post(
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
    expect((await stateOf(command.id)).state).toBe('sent');
  });
});

describe('wipe', () => {
  async function startWipe() {
    const ana = await userWithPhone(app);
    await app.post('/api/app/user/validatePass', { password: ana.password }, ana.token);
    const screen = await panel(ana);
    return { ana, screen };
  }

  it('a stop from the panel reaches the phone, whose confirmation ends the wipe as cancelled', async () => {
    const { ana, screen } = await startWipe();
    const device = await phone(ana);
    const received = device.next('command');
    const { command } = (
      await app.post('/api/app/lostphone/wipePhoneDataNotification', { device_id: ana.deviceId }, ana.token)
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
    expect((await stateOf(command.id)).state).toBe('cancelled');
  });

  it("'deleting' ends it as done, and then it can no longer be stopped", async () => {
    const { ana, screen } = await startWipe();
    const device = await phone(ana);
    const { command } = (
      await app.post('/api/app/lostphone/wipePhoneDataNotification', { device_id: ana.deviceId }, ana.token)
    ).json();
    await device.ask('imHere', { command_id: command.id });
    const deleting = screen.next('deleting');
    await device.ask('deleting', { command_id: command.id });
    expect(await deleting).toEqual({ device_id: ana.deviceId, command_id: command.id });
    expect((await stateOf(command.id)).state).toBe('done');
    expect(
      await screen.ask('cancelingWipe', { device_id: ana.deviceId, command_id: command.id }),
    ).toMatchObject({
      ok: false,
      message: 'El teléfono ya comenzó el borrado; no se puede detener.',
    });
    // a plain 'done' result is not how a wipe ends
    const lock = (
      await app.post(
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
      await app.post('/api/app/lostphone/wipePhoneDataNotification', { device_id: ana.deviceId }, ana.token)
    ).json();
    const stopped = screen.next('cancelingWipe');
    expect(await screen.ask('cancelingWipe', { device_id: ana.deviceId, command_id: command.id })).toEqual({
      ok: true,
    });
    await stopped;
    expect((await stateOf(command.id)).state).toBe('cancelled');
    const device = await phone(ana);
    await wait(300);
    expect(device.received.filter((m) => m.type === 'command')).toEqual([]);
  });
});

describe('bad input on the socket', () => {
  it('refuses malformed, unknown, oversized and too frequent messages, and keeps the socket up', async () => {
    const ana = await userWithPhone(app);
    const screen = await panel(ana);
    const device = await phone(ana);

    expect(await device.ask('imHere', { probe_id: 'x' })).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(await device.ask('imHere', {})).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(await device.ask('imHere', 'hola')).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(await device.ask('commandResult', { command_id: 1, outcome: 'maybe' })).toMatchObject({
      ok: false,
      code: 'VALIDATION',
    });
    expect(await screen.ask('ayThere', { device_id: ana.deviceId })).toMatchObject({
      ok: false,
      code: 'VALIDATION',
    });
    expect(await device.ask('formatear', { command_id: 1 })).toMatchObject({ ok: false, code: 'VALIDATION' });
    const rejected = device.next('rejected');
    device.emit('formatear', {});
    expect(await rejected).toMatchObject({
      type: 'formatear',
      code: 'VALIDATION',
      message: expect.stringMatching(/desconocido/),
    });
    expect(
      await device.ask('commandResult', { command_id: 1, outcome: 'failed', reason: 'x'.repeat(20_000) }),
    ).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });

    // still connected, still useful
    expect(device.connected).toBe(true);
    const probe = device.next('ayThere');
    expect(await screen.ask('ayThere', { device_id: ana.deviceId, probe_id: 'probe-after-bad' })).toEqual({
      ok: true,
    });
    expect(await probe).toEqual({ probe_id: 'probe-after-bad' });
  });

  it('rate-limits a socket that floods, without closing it', async () => {
    const ana = await userWithPhone(app);
    const device = await phone(ana);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        device.ask('imHere', { probe_id: `flood-${String(i).padStart(4, '0')}` }),
      ),
    );
    expect(answers.filter((a) => a.ok).length).toBeGreaterThanOrEqual(40);
    expect(answers.filter((a) => a.code === 'RATE_LIMITED').length).toBeGreaterThan(0);
    await wait(1100);
    expect(await device.ask('imHere', { probe_id: 'after-flood' })).toEqual({ ok: true });
  });
});
