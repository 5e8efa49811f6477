/**
 * The account's activity as the features record it (decisions 036 and 053): orders to a phone with its
 * name and their security e-mails, invitations, an operator's look at an atención, the list's pages;
 * and operators kept apart from customers' endpoints.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, randomAddress, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { userWithPhone } from '../../../test/sockets.ts';
import { makeOperator } from '../../../test/operators.ts';
import { everythingRead, isVerificationMail, linkTokensTo, mailsTo } from '../../../test/outbox.ts';
import { totpCode, totpStepAt } from '../../lib/crypto/totp.ts';
import { eq } from 'drizzle-orm';
import { users } from '../accounts/accounts.schema.ts';
import { recordActivity } from './activity.service.ts';
import { securityNoticeEmail } from './security-notice.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

interface Entry {
  at: string;
  kind: string;
  address: string | null;
  browser: string | null;
  detail: string | null;
}

async function activityOf(token: string, paging: { limit?: number; page?: number } = {}) {
  const response = await app.post('/api/app/account/activity', paging, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { activity: Entry[]; total: number };
}

const noticesTo = async (email: string, subjectPart: string) =>
  (await mailsTo(app, email)).filter((mail) => mail.subject?.includes(subjectPart));

describe('orders to a phone', () => {
  it('lock, lost mode and wipe are recorded with the phone and announced by e-mail', async () => {
    // a proven mailbox: only there does an e-mail name the phone (composeSecurityNotice)
    const owner = await userWithPhone(app, { isEmailVerified: true });
    const order = (path: string, body: object) =>
      app.post(`/api/app/lostphone/${path}`, { device_id: owner.deviceId, ...body }, owner.token);

    expect((await order('lostMyPhoneSubscribeNotification', {})).statusCode).toBe(200);
    expect((await order('lostMyPhoneUnSubscribeNotification', {})).statusCode).toBe(200);
    expect((await order('blockMyPhoneNotification', { pin: '1234' })).statusCode).toBe(200);
    const confirmed = await app.post('/api/app/user/validatePass', { password: owner.password }, owner.token);
    expect(confirmed.json()).toEqual({ status: true });
    expect((await order('wipePhoneDataNotification', {})).statusCode).toBe(200);

    const { activity } = await activityOf(owner.token);
    const orders = activity.filter((entry) => entry.kind.endsWith('_ordered'));
    // newest first; turning lost mode off is not something to warn about
    expect(orders.map((entry) => [entry.kind, entry.detail])).toEqual([
      ['wipe_ordered', 'Teléfono de prueba'],
      ['lock_ordered', 'Teléfono de prueba'],
      ['lost_mode_ordered', 'Teléfono de prueba'],
    ]);
    expect(orders[0]!.address).toBe('127.0.0.1');

    for (const subject of [
      'Se ordenó activar el modo perdido',
      'Se ordenó bloquear tu teléfono',
      'Se ordenó borrar los datos',
    ]) {
      const [notice] = await vi.waitFor(async () => {
        const mails = await noticesTo(owner.email, subject);
        expect(mails).toHaveLength(1);
        return mails;
      });
      expect(notice!.text).toContain('Teléfono de prueba');
      expect(notice!.text).toContain('/login?recuperar=1');
      // the lock's PIN is a secret: never in an e-mail
      expect(notice!.text).not.toContain('1234');
    }
  });

  it('a route ordered is recorded with the phone', async () => {
    const owner = await userWithPhone(app, { planId: 2 });
    const response = await app.post(
      '/api/app/tracking/changeTrackingStatus',
      { device_id: owner.deviceId, trackingStatus: 1 },
      owner.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await activityOf(owner.token)).activity[0]).toMatchObject({
      kind: 'tracking_ordered',
      detail: 'Teléfono de prueba',
    });
  });

  it('an order refused is not recorded', async () => {
    const owner = await userWithPhone(app);
    const wipe = await app.post(
      '/api/app/lostphone/wipePhoneDataNotification',
      { device_id: owner.deviceId },
      owner.token,
    );
    expect(wipe.statusCode).toBe(428);
    const { activity } = await activityOf(owner.token);
    expect(activity.filter((entry) => entry.kind === 'wipe_ordered')).toEqual([]);
  });
});

describe('invitations', () => {
  it('an invitation sent is recorded with the invited e-mail', async () => {
    const owner = await signUpUser(app);
    const response = await app.post(
      '/api/app/grupos/enviarInvitacion',
      { name: 'Tomás Rojas', phone: '56912345678', invitado: 'tomas.rojas@example.cl' },
      owner.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await activityOf(owner.token)).activity[0]).toMatchObject({
      kind: 'invitation_sent',
      detail: 'tomas.rojas@example.cl',
    });
  });
});

describe('operators are not customers', () => {
  it("refuses an operator's session on a customer's endpoints, 403, and allows the few its panel needs", async () => {
    const operator = await makeOperator(app);
    for (const path of [
      '/api/app/account/activity',
      '/api/app/account/sessions',
      '/api/app/lostphone/getLostMyPhoneData',
      '/api/app/alertas/deMisRedes',
      '/api/app/user/updateInfo',
    ]) {
      const response = await app.post(path, {}, operator.token);
      expect(response.statusCode, path).toBe(403);
      expect(response.json(), path).toMatchObject({ code: 'FORBIDDEN' });
    }
    const details = await app.post('/api/app/user/details', {}, operator.token);
    expect(details.statusCode).toBe(200);
    const realtimeToken = await app.post(
      '/api/app/user/createFirebaseAuthToken',
      { device_id: `panel-${(details.json() as { user: { id: number } }).user.id}` },
      operator.token,
    );
    expect(realtimeToken.statusCode).toBe(200);
    const list = await app.post('/api/operator/atenciones/list', {}, operator.token);
    expect(list.statusCode).toBe(200);
    expect((await app.post('/api/auth/logout', {}, operator.token)).statusCode).toBe(204);
  });

  it("refuses a customer's session on the operator API, 403", async () => {
    const customer = await signUpUser(app);
    const response = await app.post('/api/operator/atenciones/list', {}, customer.token);
    expect(response.statusCode).toBe(403);
  });

  it("records every look of an operator at an atención in the customer's activity, with the operator's name", async () => {
    const customer = await signUpUser(app);
    const operator = await makeOperator(app, { name: 'Javiera Central' });
    const opened = await app.post('/api/operator/atenciones/open', { email: customer.email }, operator.token);
    expect(opened.statusCode, opened.body).toBe(201);
    const atencionId = (opened.json() as { atencion: { id: number } }).atencion.id;
    for (let look = 0; look < 2; look += 1) {
      const detail = await app.post(
        '/api/operator/atenciones/detail',
        { atencion_id: atencionId },
        operator.token,
      );
      expect(detail.statusCode).toBe(200);
    }
    const looks = (await activityOf(customer.token)).activity.filter(
      (entry) => entry.kind === 'operator_viewed',
    );
    // the operator's name, not the central's address or browser
    expect(looks).toEqual([
      expect.objectContaining({ detail: 'Javiera Central', address: null, browser: null }),
      expect.objectContaining({ detail: 'Javiera Central', address: null, browser: null }),
    ]);
  });
});

describe('app/account/activity', () => {
  it('pages the log, 15 a page, newest first, and shows only the account’s own', async () => {
    const account = await signUpUser(app);
    const stranger = await signUpUser(app);
    // the sign-up's own sign-in, then 16 more, a minute apart
    for (let signIn = 0; signIn < 16; signIn += 1) {
      app.clock.advance(60_000);
      const response = await app.post('/api/auth/login', {
        email: account.email,
        password: account.password,
      });
      expect(response.statusCode).toBe(200);
    }
    const first = await activityOf(account.token);
    expect(first.total).toBe(17);
    expect(first.activity).toHaveLength(15);
    const times = first.activity.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0]).toBe(app.clock.now.getTime());
    const second = await activityOf(account.token, { page: 2 });
    expect(second.activity).toHaveLength(2);
    expect(Date.parse(second.activity[1]!.at)).toBeLessThan(times[14]!);
    expect((await activityOf(stranger.token)).total).toBe(1);
  });
});

async function userIdOf(email: string): Promise<number> {
  const [user] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

describe('app/account/activity, entries recorded directly', () => {
  it("lists only the signed-in account's entries, newest first, 15 a page", async () => {
    const ana = await signUpUser(app);
    const other = await signUpUser(app);
    const anaId = await userIdOf(ana.email);
    for (let i = 0; i < 17; i += 1) {
      await recordActivity(app.ctx, {
        userId: anaId,
        kind: 'tracking_ordered',
        origin: { address: '10.0.0.7', browser: 'Chrome en Android' },
        detail: `Teléfono ${i}`,
      });
      app.clock.advance(1000);
    }
    await recordActivity(app.ctx, {
      userId: await userIdOf(other.email),
      kind: 'invitation_sent',
      origin: { address: null, browser: null },
      detail: 'no-de-ana@example.cl',
    });

    const first = await app.post('/api/app/account/activity', { limit: 15, page: 1 }, ana.token);
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as { activity: { detail: string; at: string }[]; total: number };
    const ownEntries = page1.activity.filter((entry) => entry.detail.startsWith('Teléfono'));
    expect(page1.total).toBeGreaterThanOrEqual(17);
    expect(ownEntries[0]).toMatchObject({
      kind: 'tracking_ordered',
      detail: 'Teléfono 16',
      address: '10.0.0.7',
      browser: 'Chrome en Android',
    });
    expect(page1.activity).toHaveLength(15);
    const all = [
      ...page1.activity,
      ...(
        (
          await app.post('/api/app/account/activity', { limit: 15, page: 2 }, ana.token)
        ).json() as typeof page1
      ).activity,
    ];
    expect(all.map((entry) => entry.at)).toEqual([...all.map((entry) => entry.at)].sort().reverse());
    expect(all.some((entry) => entry.detail === 'no-de-ana@example.cl')).toBe(false);
  });

  it('refuses a request without a session and a page past the limit', async () => {
    expect((await app.post('/api/app/account/activity', { limit: 15, page: 1 })).statusCode).toBe(401);
    const ana = await signUpUser(app);
    const tooMany = await app.post('/api/app/account/activity', { limit: 1000, page: 1 }, ana.token);
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('security notice e-mail', () => {
  it('says what, when in Chile time, from where, and how to recover, with no secret', () => {
    const mail = securityNoticeEmail({
      kind: 'wipe_ordered',
      detail: 'Teléfono de Camila',
      origin: { address: '200.1.2.3', browser: 'Safari en iOS' },
      name: 'Camila',
      // 15:30 UTC is 12:30 in Santiago in November (summer time, UTC-3)
      at: new Date('2026-11-25T15:30:00Z'),
      publicUrl: 'https://panel.escudo.cl',
      brand: 'Escudo',
    });
    expect(mail.text).toContain('Se ordenó borrar los datos de tu teléfono: Teléfono de Camila.');
    expect(mail.text).toContain('Cuándo: 25-11-2026 12:30 (hora de Chile)');
    expect(mail.text).toContain('Desde: 200.1.2.3, Safari en iOS');
    expect(mail.text).toContain('https://panel.escudo.cl/login?recuperar=1');
    expect(mail.html).toContain('href="https://panel.escudo.cl/login?recuperar=1"');
  });

  it('to an address never verified, names nobody: whoever made the account typed its name', async () => {
    const owner = await userWithPhone(app, { name: 'Camila Rojas' });
    const order = (path: string, body: object = {}) =>
      app.post(`/api/app/lostphone/${path}`, { device_id: owner.deviceId, ...body }, owner.token);
    const codeOf = (secret: string) => totpCode(secret, totpStepAt(app.clock.now));

    // a sign-in from a browser not seen before, and a new password
    expect(
      (await app.post('/api/auth/login', { email: owner.email, password: owner.password })).statusCode,
    ).toBe(200);
    const password = 'otra-clave-de-camila';
    const changed = await app.post(
      '/api/app/account/changePassword',
      { current_password: owner.password, password },
      owner.token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    // the orders to the phone
    expect((await order('lostMyPhoneSubscribeNotification')).statusCode).toBe(200);
    expect((await order('blockMyPhoneNotification', { pin: '1234' })).statusCode).toBe(200);
    expect((await app.post('/api/app/user/validatePass', { password }, owner.token)).json()).toEqual({
      status: true,
    });
    expect((await order('wipePhoneDataNotification')).statusCode).toBe(200);
    // two-step sign-in on, a wrong code after the right password, and off again
    const { secret } = (
      await app.post('/api/app/account/twoFactor/start', { password }, owner.token)
    ).json() as { secret: string };
    const on = await app.post('/api/app/account/twoFactor/confirm', { code: codeOf(secret) }, owner.token);
    expect(on.statusCode, on.body).toBe(200);
    const from = randomAddress();
    const challenge = (
      await app.post('/api/auth/login', { email: owner.email, password }, undefined, from)
    ).json().challenge as string;
    const wrong = String((Number(codeOf(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const refused = await app.post('/api/auth/loginTwoFactor', { challenge, code: wrong }, undefined, from);
    expect(refused.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
    app.clock.advance(30_000);
    const off = await app.post(
      '/api/app/account/twoFactor/disable',
      { password, code: codeOf(secret) },
      owner.token,
    );
    expect(off.statusCode, off.body).toBe(200);
    // the phone removed, and last the address changed: the old one is told
    const removed = await app.post(
      '/api/app/devices/remove',
      { device_id: owner.deviceId, password, delete_data: false },
      owner.token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const newEmail = `camila.${randomBytes(4).toString('hex')}@example.cl`;
    expect(
      (await app.post('/api/app/account/changeEmail', { email: newEmail, password }, owner.token)).statusCode,
    ).toBe(200);
    const [confirmLink] = await linkTokensTo(app, newEmail, '/confirmar-email/');
    const confirmed = await app.post(
      '/api/app/account/confirmEmailChange',
      { token: confirmLink },
      owner.token,
    );
    expect(confirmed.json()).toMatchObject({ status: 'email_changed' });

    const subjects = [
      'Se inició sesión en tu cuenta desde un navegador que no habíamos visto',
      'Se cambió la contraseña de tu cuenta',
      'Se ordenó activar el modo perdido de tu teléfono',
      'Se ordenó bloquear tu teléfono',
      'Se ordenó borrar los datos de tu teléfono',
      'Se activó la verificación en dos pasos de tu cuenta',
      'Alguien ingresó la contraseña correcta de tu cuenta',
      'Se desactivó la verificación en dos pasos de tu cuenta',
      'Se quitó un teléfono de tu cuenta',
      'Se cambió el email de tu cuenta',
    ];
    // the orders' notices go through the job queue: they may come a moment later
    const notices = await vi.waitFor(async () => {
      const mails = (await mailsTo(app, owner.email)).filter((mail) => !isVerificationMail(mail));
      for (const subject of subjects)
        expect(
          mails.filter((mail) => mail.subject?.startsWith(subject)),
          subject,
        ).toHaveLength(1);
      return mails;
    });
    for (const notice of notices) {
      expect(notice.text, notice.subject).toMatch(/^Hola:$/m);
      expect(notice.html, notice.subject).toContain('<p>Hola:</p>');
      for (const word of ['Camila', 'Rojas'])
        expect(everythingRead(notice), notice.subject).not.toContain(word);
    }
  });
});

describe('security notice e-mail about a phone', () => {
  it('to an address never verified, names no phone: its name was typed by whoever registered it', async () => {
    const owner = await signUpUser(app, { name: 'Ana Pérez' });
    const deviceId = `android-${randomBytes(5).toString('hex')}`;
    const registered = await app.post(
      '/api/device/register',
      {
        device_id: deviceId,
        device_brand: 'Samsung',
        device_name: 'Teléfono de Camila Rojas',
        device_model: 'Galaxy A54',
        device_so: 'android',
        device_soversion: 14,
      },
      owner.token,
    );
    expect(registered.statusCode, registered.body).toBe(200);
    expect(
      (
        await app.post(
          '/api/app/lostphone/blockMyPhoneNotification',
          { device_id: deviceId, pin: '1234' },
          owner.token,
        )
      ).statusCode,
    ).toBe(200);
    const removed = await app.post(
      '/api/app/devices/remove',
      { device_id: deviceId, password: owner.password, delete_data: false },
      owner.token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const notices = await vi.waitFor(async () => {
      const mails = (await mailsTo(app, owner.email)).filter((mail) => mail.subject?.startsWith('Se '));
      expect(mails).toHaveLength(2);
      return mails;
    });
    for (const notice of notices) {
      expect(notice.text, notice.subject).toMatch(/^Hola:$/m);
      expect(everythingRead(notice), notice.subject).not.toContain('Camila');
    }
  });
});
