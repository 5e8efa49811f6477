/**
 * The owner's orders (give-order.ts): a new one replaces the waiting one of its kind, the limits per
 * phone and per account refuse with 429 and store nothing, a burst gets no more through than the
 * limit, and the security e-mail comes once per kind and phone every ORDER_NOTICE_EVERY_MS while the
 * activity keeps every order.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ORDER_NOTICE_EVERY_MS,
  ORDERS_PER_ACCOUNT_MAX,
  ORDERS_PER_PHONE_MAX,
  ORDERS_WINDOW_MS,
} from '@escudo/contract';
import { useRealtimeApp, userWithPhone, wait } from '../../../test/sockets.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { deviceCommands } from './commands.schema.ts';
import { REPLACED_REASON } from './give-order.ts';

const realtime = useRealtimeApp();
const { panel, phone, commandRow } = realtime;

type Owner = Awaited<ReturnType<typeof userWithPhone>>;
type StateMessage = { command: { id: number; state: string; reason: string | null } };

const lock = (owner: { token: string }, deviceId: string, pin: string) =>
  realtime.app.post('/api/app/lostphone/blockMyPhoneNotification', { device_id: deviceId, pin }, owner.token);
const lostMode = (owner: Owner, on: boolean) =>
  realtime.app.post(
    `/api/app/lostphone/${on ? 'lostMyPhoneSubscribeNotification' : 'lostMyPhoneUnSubscribeNotification'}`,
    { device_id: owner.deviceId },
    owner.token,
  );
const rowsOf = (internalId: number) =>
  realtime.app.ctx.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, internalId));
const noticesTo = async (owner: Owner, subjectPart: string) =>
  (await mailsTo(realtime.app, owner.email)).filter((mail) => mail.subject?.includes(subjectPart));
const activityOf = async (owner: Owner) =>
  (
    (await realtime.app.post('/api/app/account/activity', { limit: 50 }, owner.token)).json() as {
      activity: { kind: string }[];
    }
  ).activity;

describe('one waiting order of a kind per phone', () => {
  it('replaces the waiting lock; the phone gets only the new one and the panel sees the old one cancelled', async () => {
    const ana = await userWithPhone(realtime.app);
    const first = (await lock(ana, ana.deviceId, '1111')).json().command as { id: number };
    const screen = await panel(ana);
    const cancelled = screen.next<StateMessage>('commandState', (p) => p.command.id === first.id);
    const second = await lock(ana, ana.deviceId, '2222');
    expect(second.statusCode).toBe(200);
    expect((await cancelled).command).toMatchObject({ state: 'cancelled', reason: REPLACED_REASON });
    const old = await commandRow(first.id);
    expect(old).toMatchObject({ state: 'cancelled', reason: REPLACED_REASON });
    // the PIN of an order that will never run is not kept
    expect(old.payload).toEqual({});

    const device = await phone(ana);
    await device.gathered('command', 1);
    await wait(300); // and nothing more
    expect(device.received.filter((m) => m.type === 'command').map((m) => m.payload)).toMatchObject([
      { id: second.json().command.id, type: 'lock', pin: '2222' },
    ]);
  });

  it('lost mode turned off while "on" still waits replaces it; a delivered order is never replaced', async () => {
    const ana = await userWithPhone(realtime.app);
    const on = (await lostMode(ana, true)).json().command as { id: number };
    const off = (await lostMode(ana, false)).json().command as { id: number };
    expect((await commandRow(on.id)).state).toBe('cancelled');

    const device = await phone(ana);
    await device.gathered('command', 1);
    await device.ask('imHere', { command_id: off.id });
    expect((await commandRow(off.id)).state).toBe('delivered');
    const again = (await lostMode(ana, true)).json().command as { id: number };
    // the phone has the delivered one: it stays the phone's to finish
    expect((await commandRow(off.id)).state).toBe('delivered');
    expect((await commandRow(again.id)).state).toBe('sent');
  });
});

describe('limits', () => {
  it(`refuses an order past ${ORDERS_PER_PHONE_MAX} to a phone in 10 minutes with 429, stores nothing, and takes one once the window moves`, async () => {
    const ana = await userWithPhone(realtime.app);
    for (let i = 0; i < ORDERS_PER_PHONE_MAX; i += 1) {
      expect((await lock(ana, ana.deviceId, String(1000 + i))).statusCode).toBe(200);
    }
    const refused = await lock(ana, ana.deviceId, '9999');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: `Ya diste ${ORDERS_PER_PHONE_MAX} órdenes a este teléfono en los últimos 10 minutos. Podrás dar otra en 10 minutos; las que ya diste le llegarán apenas se conecte.`,
    });
    expect(Number(refused.headers['retry-after'])).toBe(ORDERS_WINDOW_MS / 1000);
    expect(await rowsOf(ana.internalId)).toHaveLength(ORDERS_PER_PHONE_MAX);
    // still waiting: the last lock given, with its PIN
    const waiting = (await rowsOf(ana.internalId)).filter((row) => row.state === 'sent');
    expect(waiting.map((row) => row.payload.pin)).toEqual([String(1000 + ORDERS_PER_PHONE_MAX - 1)]);

    realtime.app.clock.advance(ORDERS_WINDOW_MS);
    expect((await lock(ana, ana.deviceId, '4321')).statusCode).toBe(200);
  });

  it(`refuses an order past ${ORDERS_PER_ACCOUNT_MAX} of an account, whatever phone it is for`, async () => {
    // Familia: five phones
    const ana = await userWithPhone(realtime.app, { planId: 3 });
    const phones = [ana.deviceId];
    while (phones.length * ORDERS_PER_PHONE_MAX < ORDERS_PER_ACCOUNT_MAX + 1) {
      const deviceId = `android-${randomBytes(5).toString('hex')}`;
      const registered = await realtime.app.post(
        '/api/device/register',
        {
          device_id: deviceId,
          device_brand: 'Samsung',
          device_name: `Teléfono ${phones.length + 1}`,
          device_model: 'Galaxy A54',
          device_so: 'android',
          device_soversion: 14,
        },
        ana.token,
      );
      expect(registered.statusCode, registered.body).toBe(200);
      phones.push(deviceId);
    }
    let given = 0;
    for (const deviceId of phones) {
      for (let i = 0; i < ORDERS_PER_PHONE_MAX && given < ORDERS_PER_ACCOUNT_MAX; i += 1, given += 1) {
        expect((await lock(ana, deviceId, '1234')).statusCode).toBe(200);
      }
    }
    const refused = await lock(ana, phones.at(-1)!, '1234');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      `Tu cuenta ya dio ${ORDERS_PER_ACCOUNT_MAX} órdenes a sus teléfonos en los últimos 10 minutos. Podrás dar otra en 10 minutos.`,
    );
  });

  it('lets no more than the limit through a burst of 200 at once: one waits, one e-mail, every one taken in the activity', async () => {
    const ana = await userWithPhone(realtime.app);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => lock(ana, ana.deviceId, String(1000 + i))),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(ORDERS_PER_PHONE_MAX);
    expect(statuses.filter((status) => status === 429)).toHaveLength(200 - ORDERS_PER_PHONE_MAX);
    const rows = await rowsOf(ana.internalId);
    expect(rows).toHaveLength(ORDERS_PER_PHONE_MAX);
    expect(rows.filter((row) => row.state === 'sent')).toHaveLength(1);
    expect(await noticesTo(ana, 'Se ordenó bloquear tu teléfono')).toHaveLength(1);
    const activity = await activityOf(ana);
    expect(activity.filter((entry) => entry.kind === 'lock_ordered')).toHaveLength(ORDERS_PER_PHONE_MAX);
  });
});

describe('the security e-mail about an order', () => {
  it('comes once per kind and phone every five minutes; the activity keeps every order', async () => {
    const ana = await userWithPhone(realtime.app);
    expect((await lock(ana, ana.deviceId, '1111')).statusCode).toBe(200);
    expect((await lock(ana, ana.deviceId, '2222')).statusCode).toBe(200);
    expect((await lostMode(ana, true)).statusCode).toBe(200);
    expect(await noticesTo(ana, 'Se ordenó bloquear tu teléfono')).toHaveLength(1);
    expect(await noticesTo(ana, 'Se ordenó activar el modo perdido')).toHaveLength(1);

    realtime.app.clock.advance(ORDER_NOTICE_EVERY_MS - 1000);
    expect((await lock(ana, ana.deviceId, '3333')).statusCode).toBe(200);
    expect(await noticesTo(ana, 'Se ordenó bloquear tu teléfono')).toHaveLength(1);

    realtime.app.clock.advance(2000);
    expect((await lock(ana, ana.deviceId, '4444')).statusCode).toBe(200);
    const notices = await noticesTo(ana, 'Se ordenó bloquear tu teléfono');
    expect(notices).toHaveLength(2);
    expect(notices[1]!.text).not.toContain('4444');
    const activity = await activityOf(ana);
    expect(activity.filter((entry) => entry.kind === 'lock_ordered')).toHaveLength(4);
  });

  it('still comes for lost mode turned on just after it was turned off, which has no e-mail of its own', async () => {
    // a proven mailbox: e-mails to an unproven one name no phone
    const ana = await userWithPhone(realtime.app, { isEmailVerified: true });
    expect((await lostMode(ana, false)).statusCode).toBe(200);
    expect((await lostMode(ana, true)).statusCode).toBe(200);
    const [notice, ...more] = await noticesTo(ana, 'Se ordenó activar el modo perdido');
    expect(more).toHaveLength(0);
    // the phone's name, which the database call adds to the event, reaches the e-mail
    expect(notice!.text).toContain('Teléfono de prueba');
    const kinds = (await activityOf(ana)).map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind === 'lost_mode_ordered')).toHaveLength(1);
  });
});
