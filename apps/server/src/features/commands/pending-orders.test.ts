/**
 * Decision 043: orders for a phone that is off wait COMMAND_PENDING_DAYS, can be cancelled while
 * they wait, and the owner hears (panel and e-mail) what was applied when the phone comes back.
 */
import { describe, expect, it } from 'vitest';
import { LOST_PHONE_WAIT_MS } from '@escudo/contract';
import { useRealtimeApp, userWithPhone, wait } from '../../../test/sockets.ts';
import { everythingRead, mailsTo } from '../../../test/outbox.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { parseEnv } from '../../lib/env.ts';

const realtime = useRealtimeApp();
const { panel, phone, commandRow } = realtime;
const DAY_MS = 24 * 60 * 60 * 1000;

type Owner = Awaited<ReturnType<typeof userWithPhone>>;
type StateMessage = { command: { id: number; state: string } };

const order = async (owner: Owner, path: string, body: Record<string, unknown> = {}) => {
  if (path === 'wipePhoneDataNotification') {
    await realtime.app.post('/api/app/user/validatePass', { password: owner.password }, owner.token);
  }
  const response = await realtime.app.post(
    `/api/app/lostphone/${path}`,
    { device_id: owner.deviceId, ...body },
    owner.token,
  );
  expect(response.statusCode).toBe(200);
  return response.json().command as { id: number; state: string; created_at: string; expires_at: string };
};
const cancel = (owner: Owner, commandId: number) =>
  realtime.app.post('/api/app/commands/cancel', { command_id: commandId }, owner.token);
const lateMails = async (owner: Owner) =>
  (await mailsTo(realtime.app, owner.email)).filter((mail) => mail.subject?.includes('volvió a conectarse'));

describe('cancelCommand', () => {
  it('cancels an undelivered lock: the panel hears it and the phone never gets it', async () => {
    const ana = await userWithPhone(realtime.app);
    const lock = await order(ana, 'blockMyPhoneNotification', { pin: '2580' });
    const screen = await panel(ana);
    const told = screen.next('commandState', (p: StateMessage) => p.command.id === lock.id);

    const response = await cancel(ana, lock.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().command).toMatchObject({ id: lock.id, type: 'lock', state: 'cancelled' });
    expect(((await told) as StateMessage).command.state).toBe('cancelled');
    const row = await commandRow(lock.id);
    expect(row.state).toBe('cancelled');
    // the PIN is not kept for an order that will never run
    expect(row.payload).toEqual({});
    // asked again: the same answer, nothing changes
    expect((await cancel(ana, lock.id)).json().command.state).toBe('cancelled');

    const device = await phone(ana);
    await device.gathered('resume', 1);
    await wait(300);
    expect(device.received.filter((m) => m.type === 'command')).toEqual([]);
  });

  it("answers NOT_FOUND for another user's order, and changes nothing", async () => {
    const ana = await userWithPhone(realtime.app);
    const thief = await userWithPhone(realtime.app);
    const lock = await order(ana, 'blockMyPhoneNotification', { pin: '2580' });
    const response = await cancel(thief, lock.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await commandRow(lock.id)).state).toBe('sent');
  });

  it('refuses an order the phone already has, with a clear Spanish message', async () => {
    const ana = await userWithPhone(realtime.app);
    const device = await phone(ana);
    const lock = await order(ana, 'blockMyPhoneNotification', { pin: '2580' });
    expect(await device.ask('imHere', { command_id: lock.id })).toEqual({ ok: true });
    const response = await cancel(ana, lock.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'COMMAND_NOT_PENDING',
      message: 'Esta orden ya llegó al teléfono; ya no se puede cancelar.',
    });
    expect((await commandRow(lock.id)).state).toBe('delivered');
  });

  it('cancels a pending wipe, which the phone never gets, and refuses bad input', async () => {
    const ana = await userWithPhone(realtime.app);
    const wipe = await order(ana, 'wipePhoneDataNotification');
    const screen = await panel(ana);
    const stopped = screen.next('cancelingWipe', (p: { command_id: number }) => p.command_id === wipe.id);
    expect((await cancel(ana, wipe.id)).json().command.state).toBe('cancelled');
    expect(await stopped).toEqual({ device_id: ana.deviceId, command_id: wipe.id });

    const bad = await realtime.app.post('/api/app/commands/cancel', { command_id: 'x' }, ana.token);
    expect(bad.statusCode).toBe(400);
    expect((await realtime.app.post('/api/app/commands/cancel', { command_id: wipe.id })).statusCode).toBe(
      401,
    );

    const device = await phone(ana);
    await device.gathered('resume', 1);
    await wait(300);
    expect(device.received.filter((m) => m.type === 'command')).toEqual([]);
    expect((await commandRow(wipe.id)).state).toBe('cancelled');
  });
});

describe('pending orders expire after COMMAND_PENDING_DAYS (7 by default)', () => {
  it('expires every undelivered lock, lost-mode and wipe order, and no tracking order', async () => {
    const ana = await userWithPhone(realtime.app, { planId: 2 });
    const lock = await order(ana, 'blockMyPhoneNotification', { pin: '1234' });
    const lostOn = await order(ana, 'lostMyPhoneSubscribeNotification');
    const wipe = await order(ana, 'wipePhoneDataNotification');
    const tracking = (
      await realtime.app.post(
        '/api/app/tracking/changeTrackingStatus',
        { device_id: ana.deviceId, trackingStatus: 1 },
        ana.token,
      )
    ).json();
    const trackingOn = tracking.command as { id: number; expires_at: string | null };
    expect(trackingOn.expires_at).toBeNull();
    expect(new Date(lock.expires_at).getTime() - new Date(lock.created_at).getTime()).toBe(7 * DAY_MS);

    // six days on, all still wait
    realtime.app.clock.advance(6 * DAY_MS);
    const list = async () =>
      (
        await realtime.app.post(
          '/api/app/lostphone/getCommands',
          { device_id: ana.deviceId, limit: 10 },
          ana.token,
        )
      ).json().commands as { id: number; state: string }[];
    expect((await list()).every((command) => command.state === 'sent')).toBe(true);

    // past the seventh day: they expire (the list expires them first, as the scheduled work does each
    // minute), and the panel is told
    const screen = await panel(ana);
    const told = screen.next('commandState', (p: StateMessage) => p.command.id === lostOn.id);
    realtime.app.clock.advance(DAY_MS + 1000);
    const states = Object.fromEntries((await list()).map((command) => [command.id, command.state]));
    expect([states[lock.id], states[lostOn.id], states[wipe.id]]).toEqual(['expired', 'expired', 'expired']);
    expect(states[trackingOn.id]).toBe('sent');
    expect(((await told) as StateMessage).command.state).toBe('expired');
    // an expired order can no longer be cancelled, and says why
    const refused = await cancel(ana, lock.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Esta orden ya venció sin llegar al teléfono; no hay nada que cancelar.',
    );
  });

  it('follows COMMAND_PENDING_DAYS when set (a whole number of days, 1 to 30)', async () => {
    expect(parseEnv({ COMMAND_PENDING_DAYS: '3' }).COMMAND_PENDING_DAYS).toBe(3);
    expect(parseEnv({}).COMMAND_PENDING_DAYS).toBe(7);
    for (const bad of ['0', '31', '2.5']) {
      expect(() => parseEnv({ COMMAND_PENDING_DAYS: bad })).toThrow(/COMMAND_PENDING_DAYS/);
    }
    const app = await createTestApp({ COMMAND_PENDING_DAYS: '2' });
    try {
      const ana = await userWithPhone(app);
      const ordered = await app.post(
        '/api/app/lostphone/lostMyPhoneSubscribeNotification',
        { device_id: ana.deviceId },
        ana.token,
      );
      const { command } = ordered.json();
      expect(new Date(command.expires_at).getTime() - new Date(command.created_at).getTime()).toBe(
        2 * DAY_MS,
      );
      app.clock.advance(2 * DAY_MS + 1000);
      const { commands } = (
        await app.post('/api/app/lostphone/getCommands', { device_id: ana.deviceId }, ana.token)
      ).json();
      expect(commands[0]).toMatchObject({ id: command.id, state: 'expired' });
    } finally {
      await app.close();
    }
  });
});

describe('a phone that was off comes back', () => {
  it('gets the waiting lock; the panel sees it happen and the owner is e-mailed once', async () => {
    const ana = await userWithPhone(realtime.app);
    const lock = await order(ana, 'blockMyPhoneNotification', { pin: '2580' });
    const lostOn = await order(ana, 'lostMyPhoneSubscribeNotification');
    realtime.app.clock.advance(LOST_PHONE_WAIT_MS + 5 * 60 * 1000);

    const screen = await panel(ana);
    const lockDone = screen.next(
      'commandState',
      (p: StateMessage) => p.command.id === lock.id && p.command.state === 'done',
    );
    const device = await phone(ana);
    await device.gathered('command', 2);
    for (const id of [lock.id, lostOn.id]) {
      await device.ask('imHere', { command_id: id });
      // one answer so far: nothing is e-mailed before the phone has answered both
      if (id === lock.id) {
        await device.ask('commandResult', { command_id: id, outcome: 'done' });
        await realtime.app.ctx.background.settled();
        expect(await lateMails(ana)).toEqual([]);
      }
    }
    await device.ask('commandResult', { command_id: lostOn.id, outcome: 'done' });
    await lockDone;
    await realtime.app.ctx.background.settled();
    const mails = await lateMails(ana);
    expect(mails).toHaveLength(1);
    // an address nobody proved: the phone by its model, not by the name its registration typed
    expect(mails[0]!.subject).toBe('Tu teléfono volvió a conectarse - Escudo');
    expect(mails[0]!.text).toContain('Tu teléfono (Galaxy A54) volvió a conectarse el');
    expect(everythingRead(mails[0]!)).not.toContain('Teléfono de prueba');
    expect(mails[0]!.text).toContain('(hora de Chile)');
    expect(mails[0]!.text).toMatch(
      /- Bloqueo de pantalla \(ordenada el \d{2}-\d{2}-\d{4} \d{2}:\d{2}\): aplicada\./,
    );
    expect(mails[0]!.text).toMatch(/- Activar la función de pérdida \(ordenada el .*\): aplicada\./);
    expect(mails[0]!.text).not.toContain('2580');
    // an address nobody proved: no name (decision 050; a verified one's below)
    expect(mails[0]!.text).toMatch(/^Hola:$/m);
    expect(everythingRead(mails[0]!)).not.toContain(ana.name);

    // a repeat of the answers, or a reconnection with nothing waiting, e-mails nothing more
    await device.ask('commandResult', { command_id: lock.id, outcome: 'done' });
    device.close();
    const again = await phone(ana);
    await again.gathered('resume', 1);
    await wait(200);
    await realtime.app.ctx.background.settled();
    expect(await lateMails(ana)).toHaveLength(1);
  });

  it('greets by name an owner whose address is verified', async () => {
    const ana = await userWithPhone(realtime.app, { name: 'Ana Verificada', isEmailVerified: true });
    const lock = await order(ana, 'blockMyPhoneNotification', { pin: '2580' });
    realtime.app.clock.advance(LOST_PHONE_WAIT_MS + 5 * 60 * 1000);
    const device = await phone(ana);
    await device.gathered('command', 1);
    await device.ask('imHere', { command_id: lock.id });
    await device.ask('commandResult', { command_id: lock.id, outcome: 'done' });
    await realtime.app.ctx.background.settled();
    const [mail, ...more] = await lateMails(ana);
    expect(more).toEqual([]);
    expect(mail!.text).toMatch(/^Hola Ana Verificada:$/m);
    expect(mail!.html).toContain('<p>Hola Ana Verificada:</p>');
    expect(mail!.subject).toBe('Tu teléfono «Teléfono de prueba» volvió a conectarse - Escudo');
    expect(mail!.text).toContain('Tu teléfono «Teléfono de prueba» (Galaxy A54) volvió a conectarse el');
  });

  it('an order the phone gets at once (within the 40 s) is not e-mailed', async () => {
    const ana = await userWithPhone(realtime.app);
    const lock = await order(ana, 'blockMyPhoneNotification', { pin: '2580' });
    const device = await phone(ana);
    await device.gathered('command', 1);
    await device.ask('imHere', { command_id: lock.id });
    await device.ask('commandResult', { command_id: lock.id, outcome: 'done' });
    await realtime.app.ctx.background.settled();
    expect(await lateMails(ana)).toEqual([]);
  });

  it('a late wipe still opens its cancel window; the owner is told at once, and may stop it', async () => {
    const ana = await userWithPhone(realtime.app);
    const wipe = await order(ana, 'wipePhoneDataNotification');
    realtime.app.clock.advance(3 * DAY_MS);

    const screen = await panel(ana);
    const delivered = screen.next(
      'commandState',
      (p: StateMessage) => p.command.id === wipe.id && p.command.state === 'delivered',
    );
    const device = await phone(ana);
    const received = (await device.gathered('command', 1))[0] as { id: number; type: string };
    expect(received).toMatchObject({ id: wipe.id, type: 'wipe' });
    // the phone acknowledges it: its cancel window is open (docs/device-protocol.md section 5)
    await device.ask('imHere', { command_id: wipe.id });
    await delivered;
    await realtime.app.ctx.background.settled();
    const mails = await lateMails(ana);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Borrado del teléfono');
    expect(mails[0]!.text).toContain('abrió su ventana de unos segundos para detenerla');

    // the owner stops it from the panel within the window: the phone is asked
    const stop = device.next('cancelingWipe');
    expect(await screen.ask('cancelingWipe', { device_id: ana.deviceId, command_id: wipe.id })).toEqual({
      ok: true,
    });
    expect(await stop).toEqual({ command_id: wipe.id });
    await device.ask('cancelingWipe', { command_id: wipe.id });
    expect((await commandRow(wipe.id)).state).toBe('cancelled');
    await realtime.app.ctx.background.settled();
    // told once: the stop adds no e-mail
    expect(await lateMails(ana)).toHaveLength(1);
  });
});
