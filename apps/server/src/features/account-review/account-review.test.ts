/**
 * Taking back an account someone made with the owner's e-mail (decision 050), written as the attack:
 * the preparer signs up with the owner's address, keeps a session and the password, turns two-step
 * sign-in on, registers his phone and puts a second account of his in the network; the owner then
 * proves the mailbox (the verification link, or a reset), and the preparer's session, password,
 * authenticator and, once the owner answers "No", his phone and his member are refused. Real sockets
 * for the phone, a real database, the e-mails read from the outbox.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVICE_NAMESPACE } from '@escudo/contract';
import { linkTokensTo, mailsTo } from '../../../test/outbox.ts';
import { connect, useRealtimeApp } from '../../../test/sockets.ts';
import { randomAddress, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { eq } from 'drizzle-orm';
import { totpCode, totpStepAt } from '../../lib/crypto/totp.ts';
import { turnOnTwoStep } from '../../../test/two-step.ts';
import { noOrigin } from '../../lib/http/client-origin.ts';
import { users } from '../accounts/accounts.schema.ts';
import { createSession } from '../auth/sessions.ts';
import { twoFactor, twoFactorRecoveryCodes } from '../two-factor/two-factor.schema.ts';

const realtime = useRealtimeApp();
const PREPARER = '203.0.113.66';

interface Review {
  pending: boolean;
  reclaimed_at: string | null;
  password_needed: boolean;
  devices: { id: number; device_name: string; device_brand: string }[];
  members: { id: number; email: string; status: string }[];
  memberships: { id: number; owner_email: string }[];
}

const details = async (app: TestApp, token: string) => {
  const response = await app.post('/api/app/user/details', {}, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().user as {
    id: number;
    email_verified: boolean;
    account_review_pending: boolean;
    two_factor_enabled: boolean;
  };
};
const review = async (app: TestApp, token: string) => {
  const response = await app.post('/api/app/account/review', {}, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Review;
};
const decide = (app: TestApp, token: string, body: { kind: string; id: number; keep: boolean }) =>
  app.post('/api/app/account/review/decide', body, token);

/** the code of the newest invitation e-mailed to `email` */
async function invitationCode(app: TestApp, email: string) {
  // the sign-up's verification e-mail goes in the background: it may be written after the invitation
  const texts = (await mailsTo(app, email)).map((mail) => mail.text ?? '').reverse();
  const match = texts.map((text) => /\/register\?security_code=([\w-]+)/.exec(text)).find(Boolean);
  if (!match?.[1]) throw new Error(`no invitation e-mail for ${email}`);
  return match[1];
}

/**
 * The preparer's account with the owner's e-mail: his session and password, his authenticator, his
 * phone (with its device token), an accomplice of his accepted in the network and a pending invitation.
 */
async function preparedAccount(app: TestApp) {
  const ownerEmail = `camila.${randomBytes(4).toString('hex')}@example.cl`;
  const prepared = await signUpUser(app, {
    name: 'Camila Rojas',
    email: ownerEmail,
    password: 'clave-del-preparador',
  });
  const registered = await app.post(
    '/api/device/register',
    {
      device_id: `android-${randomBytes(5).toString('hex')}`,
      device_brand: 'Xiaomi',
      device_name: 'Teléfono del preparador',
      device_model: 'Redmi Note 12',
      device_so: 'android',
      device_soversion: 13,
    },
    prepared.token,
  );
  expect(registered.statusCode, registered.body).toBe(200);
  const phone = registered.json() as { device: { id: number; device_id: string }; device_token: string };

  const accomplice = await signUpUser(app, { name: 'Cómplice' });
  const invited = await app.post(
    '/api/app/grupos/enviarInvitacion',
    { name: 'Cómplice', phone: '56911112222', invitado: accomplice.email },
    prepared.token,
    randomAddress(),
  );
  expect(invited.statusCode, invited.body).toBe(200);
  const joined = await app.post(
    '/api/app/grupos/aceptarInvitacion',
    { security_code: await invitationCode(app, accomplice.email) },
    accomplice.token,
  );
  expect(joined.statusCode, joined.body).toBe(200);
  const pendingEmail = `pendiente.${randomBytes(4).toString('hex')}@example.cl`;
  expect(
    (
      await app.post(
        '/api/app/grupos/enviarInvitacion',
        { name: 'Alguien', phone: '56933334444', invitado: pendingEmail },
        prepared.token,
        randomAddress(),
      )
    ).statusCode,
  ).toBe(200);

  const { secret, recoveryCodes } = await turnOnTwoStep(app, prepared);
  return { prepared, phone, accomplice, pendingEmail, secret, recoveryCodes };
}

/** on the page the link opened (a verification's or a reset's) she chooses her password, then signs in */
async function chooseAndSignIn(app: TestApp, email: string, passwordToken: string) {
  const password = 'la-clave-de-camila';
  const chosen = await app.post('/api/auth/resetPass', {
    email,
    password,
    password_confirmation: password,
    token: passwordToken,
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  const signedIn = await app.post('/api/auth/login', { email, password });
  expect(signedIn.json()).toHaveProperty('access_token');
  return { password, token: signedIn.json().access_token as string, answer: signedIn.json() as object };
}

/** the preparer is out: his session, his password (with his authenticator's code) */
async function expectPreparerOut(app: TestApp, preparer: { email: string; password: string; token: string }) {
  expect((await app.post('/api/app/user/details', {}, preparer.token)).statusCode).toBe(401);
  const signIn = await app.post(
    '/api/auth/login',
    { email: preparer.email, password: preparer.password },
    undefined,
    PREPARER,
  );
  expect(signIn.statusCode).toBe(401);
  expect(signIn.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
}

/**
 * The preparer's two-step sign-in went with the reclaim: off, its secret and recovery codes deleted,
 * the owner's log saying so; and once the owner turns on her own, none of his codes passes her second
 * step, while hers does.
 */
async function expectPreparersSecondStepGone(
  app: TestApp,
  owner: { email: string; password: string; token: string },
  preparer: { secret: string; recoveryCodes: string[] },
) {
  const { id, two_factor_enabled } = await details(app, owner.token);
  expect(two_factor_enabled).toBe(false);
  expect(await app.ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, id))).toEqual([]);
  expect(
    await app.ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, id)),
  ).toEqual([]);
  const activity = (await app.post('/api/app/account/activity', {}, owner.token)).json().activity as {
    kind: string;
    detail: string | null;
  }[];
  expect(activity.find((entry) => entry.kind === 'account_reclaimed')?.detail).toContain(
    'se desactivó la verificación en dos pasos',
  );

  const { recoveryCodes: own } = await turnOnTwoStep(app, owner);
  const from = randomAddress();
  const challenge = async () => {
    const signedIn = await app.post(
      '/api/auth/login',
      { email: owner.email, password: owner.password },
      undefined,
      from,
    );
    expect(signedIn.json()).toMatchObject({ two_factor_required: true });
    return signedIn.json().challenge as string;
  };
  // his authenticator's code first (his recovery codes, wrong ones too, would make app codes wait),
  // then each of his recovery codes, four to a challenge (a challenge takes five codes)
  const his = [totpCode(preparer.secret, totpStepAt(app.clock.now)), ...preparer.recoveryCodes];
  for (let first = 0; first < his.length; first += 4) {
    const pending = await challenge();
    for (const code of his.slice(first, first + 4)) {
      const refused = await app.post(
        '/api/auth/loginTwoFactor',
        { challenge: pending, code },
        undefined,
        from,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
    }
  }
  const passed = await app.post(
    '/api/auth/loginTwoFactor',
    { challenge: await challenge(), code: own[0] },
    undefined,
    from,
  );
  expect(passed.statusCode, passed.body).toBe(200);
}

describe('the owner opens "Verifica tu email" of an account someone else prepared', () => {
  it('the preparer is out at once; his phone and his member are removed by the owner’s "No"', async () => {
    const { app } = realtime;
    const { prepared, phone, accomplice, pendingEmail } = await preparedAccount(app);
    const preparerPanel = await realtime.panel(prepared);
    const panelClosed = new Promise<string>((resolve) => preparerPanel.once('disconnect', resolve));

    // the owner opens the link in her mailbox
    const [link] = await linkTokensTo(app, prepared.email, '/verificar-email/');
    const opened = await app.post('/api/auth/verifyEmail', { token: link });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await panelClosed).toBe('io server disconnect');
    await expectPreparerOut(app, prepared);

    // she chooses her password on the page, and signs in: no second step (the authenticator was his)
    const { token: owner } = await chooseAndSignIn(app, prepared.email, opened.json().password_token);
    expect(await details(app, owner)).toMatchObject({
      email_verified: true,
      two_factor_enabled: false,
      account_review_pending: true,
    });

    // before anything else: what was made before her proof
    const before = await review(app, owner);
    expect(before).toMatchObject({ pending: true, password_needed: false, memberships: [] });
    expect(before.devices).toEqual([
      expect.objectContaining({
        id: phone.device.id,
        device_name: 'Teléfono del preparador',
        device_brand: 'Xiaomi',
      }),
    ]);
    expect(before.members.map((member) => [member.email, member.status])).toEqual([
      [accomplice.email, 'aceptada'],
      [pendingEmail, 'pendiente'],
    ]);

    // until she answers, the phone still works: it may be hers
    const phoneSocket = await realtime.phone({ deviceToken: phone.device_token });
    const phoneClosed = new Promise<string>((resolve) => phoneSocket.once('disconnect', resolve));
    // "No es mío": its token is refused at once and its connection closed
    const afterPhone = await decide(app, owner, { kind: 'device', id: phone.device.id, keep: false });
    expect(afterPhone.statusCode, afterPhone.body).toBe(200);
    expect((afterPhone.json() as Review).devices).toEqual([]);
    expect(await phoneClosed).toBe('io server disconnect');
    const sos = await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, phone.device_token);
    expect(sos.statusCode).toBe(401);
    await expect(connect(`${realtime.url}${DEVICE_NAMESPACE}`, phone.device_token)).rejects.toMatchObject({
      data: { code: 'UNAUTHENTICATED' },
    });

    // the accomplice is taken out of her network; she keeps the invitation she recognises
    const accompliceEntry = before.members.find((member) => member.email === accomplice.email)!;
    expect(
      (await decide(app, owner, { kind: 'member', id: accompliceEntry.id, keep: false })).statusCode,
    ).toBe(200);
    const misGrupos = await app.post('/api/app/grupos/misGrupos', {}, accomplice.token);
    expect(misGrupos.json().data).toEqual([]);
    const pendingEntry = before.members.find((member) => member.email === pendingEmail)!;
    const last = await decide(app, owner, { kind: 'member', id: pendingEntry.id, keep: true });
    expect(last.json()).toMatchObject({ pending: false, devices: [], members: [] });
    expect((await details(app, owner)).account_review_pending).toBe(false);
    const invitees = (await app.post('/api/app/grupos/misInvitados', {}, owner)).json().data as {
      personas: { email: string }[];
    }[];
    expect(invitees.map((entry) => entry.personas[0]!.email)).toEqual([pendingEmail]);

    // what she makes after her proof is hers: her own phone is never asked about
    app.clock.advance(1000);
    const own = await app.post(
      '/api/device/register',
      {
        device_id: `android-${randomBytes(5).toString('hex')}`,
        device_brand: 'Samsung',
        device_name: 'Teléfono de Camila',
        device_model: 'Galaxy A54',
        device_so: 'android',
        device_soversion: 14,
      },
      owner,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(await review(app, owner)).toMatchObject({ pending: false, devices: [] });

    // what is answered is answered: again, or an id of another account's, is not found
    const again = await decide(app, owner, { kind: 'member', id: pendingEntry.id, keep: false });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No encontramos eso entre lo que falta revisar.',
    });
    const odd = await decide(app, owner, { kind: 'sesion', id: 1, keep: false });
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toMatchObject({ code: 'VALIDATION' });
  });

  it('the preparer’s two-step sign-in goes with him: it is off, his recovery codes are gone and pass no more', async () => {
    const { app } = realtime;
    const { prepared, secret, recoveryCodes } = await preparedAccount(app);
    // he turned it on with recovery codes of his own: were they kept, he would need only her password
    expect(recoveryCodes).toHaveLength(10);

    const [link] = await linkTokensTo(app, prepared.email, '/verificar-email/');
    const opened = await app.post('/api/auth/verifyEmail', { token: link });
    expect(opened.statusCode, opened.body).toBe(200);
    const { password, token } = await chooseAndSignIn(app, prepared.email, opened.json().password_token);
    const owner = { email: prepared.email, password, token };
    await expectPreparersSecondStepGone(app, owner, { secret, recoveryCodes });
  });
});

describe('a reset, or Google, reclaims the same way', () => {
  it('a reset of an account never verified ends the preparer’s session and authenticator; the phone waits for review', async () => {
    const { app } = realtime;
    const { prepared, phone } = await preparedAccount(app);
    expect((await app.post('/api/auth/forgotPass', { email: prepared.email })).statusCode).toBe(200);
    const [resetToken] = await linkTokensTo(app, prepared.email, '/resetpass/');
    const password = 'la-clave-de-camila';
    const reset = await app.post('/api/auth/resetPass', {
      email: prepared.email,
      password,
      password_confirmation: password,
      token: resetToken,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectPreparerOut(app, prepared);
    const owner = (await app.post('/api/auth/login', { email: prepared.email, password })).json()
      .access_token as string;
    expect(owner).toEqual(expect.any(String));
    const pending = await review(app, owner);
    expect(pending).toMatchObject({ pending: true, password_needed: false });
    expect(pending.devices.map((device) => device.id)).toEqual([phone.device.id]);
    // a reset of an account already verified reclaims nothing: its phones are not reviewed again
    for (const item of pending.devices) await decide(app, owner, { kind: 'device', id: item.id, keep: true });
    for (const item of pending.members) await decide(app, owner, { kind: 'member', id: item.id, keep: true });
    expect((await review(app, owner)).pending).toBe(false);
    await app.post('/api/auth/forgotPass', { email: prepared.email });
    const [, secondReset] = await linkTokensTo(app, prepared.email, '/resetpass/');
    await app.post('/api/auth/resetPass', {
      email: prepared.email,
      password: 'otra-clave-de-camila',
      password_confirmation: 'otra-clave-de-camila',
      token: secondReset,
    });
    const later = (
      await app.post('/api/auth/login', { email: prepared.email, password: 'otra-clave-de-camila' })
    ).json().access_token as string;
    expect((await details(app, later)).account_review_pending).toBe(false);
    // her kept phone was never cut off
    expect(
      (await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, phone.device_token)).statusCode,
    ).toBe(201);
  });

  it('a reset of an account never verified turns the preparer’s two-step sign-in off and deletes his recovery codes', async () => {
    const { app } = realtime;
    const { prepared, secret, recoveryCodes } = await preparedAccount(app);
    expect((await app.post('/api/auth/forgotPass', { email: prepared.email })).statusCode).toBe(200);
    const [resetToken] = await linkTokensTo(app, prepared.email, '/resetpass/');
    // her password alone signs her in: no second step is asked, his or any
    const { answer, ...chosen } = await chooseAndSignIn(app, prepared.email, resetToken!);
    expect(answer).not.toHaveProperty('two_factor_required');
    const owner = { email: prepared.email, ...chosen };
    await expectPreparersSecondStepGone(app, owner, { secret, recoveryCodes });
  });
});

describe('a network joined before the proof', () => {
  it('is offered too: "No" leaves it, "Sí" keeps it', async () => {
    const { app } = realtime;
    const hosts = [
      await signUpUser(app, { name: 'Anfitriona Uno' }),
      await signUpUser(app, { name: 'Anfitrión Dos' }),
    ];
    const ana = await signUpUser(app);
    for (const host of hosts) {
      await app.post(
        '/api/app/grupos/enviarInvitacion',
        { name: 'Ana', phone: '56911112222', invitado: ana.email },
        host.token,
        randomAddress(),
      );
      const code = await invitationCode(app, ana.email);
      expect(
        (await app.post('/api/app/grupos/aceptarInvitacion', { security_code: code }, ana.token)).statusCode,
      ).toBe(200);
    }
    // she verifies afterwards (the same page's token sets her password)
    const [link] = await linkTokensTo(app, ana.email, '/verificar-email/');
    const opened = await app.post('/api/auth/verifyEmail', { token: link });
    await app.post('/api/auth/resetPass', {
      email: ana.email,
      password: ana.password,
      password_confirmation: ana.password,
      token: opened.json().password_token,
    });
    const session = (await app.post('/api/auth/login', { email: ana.email, password: ana.password })).json()
      .access_token as string;
    const pending = await review(app, session);
    expect(pending.memberships.map((entry) => entry.owner_email)).toEqual(hosts.map((host) => host.email));
    await decide(app, session, { kind: 'membership', id: pending.memberships[0]!.id, keep: false });
    const done = await decide(app, session, {
      kind: 'membership',
      id: pending.memberships[1]!.id,
      keep: true,
    });
    expect(done.json()).toMatchObject({ pending: false });
    const misGrupos = (await app.post('/api/app/grupos/misGrupos', {}, session)).json().data as {
      anfitrion: { email: string }[];
    }[];
    expect(misGrupos.map((entry) => entry.anfitrion[0]!.email)).toEqual([hosts[1]!.email]);
  });
});

describe('the review’s password', () => {
  it('is asked only while the account has none since its proof', async () => {
    const { app } = realtime;
    const ana = await signUpUser(app);
    const [link] = await linkTokensTo(app, ana.email, '/verificar-email/');
    const opened = await app.post('/api/auth/verifyEmail', { token: link });
    expect(opened.statusCode).toBe(200);
    // as a Google sign-in does (google.test.ts plays it whole): a session of the account without a password
    const [row] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, ana.email));
    const session = (await createSession(app.ctx, row!.id, app.ctx.db, noOrigin)).access_token;
    expect(await review(app, session)).toMatchObject({ pending: true, password_needed: true, devices: [] });
    expect((await details(app, session)).account_review_pending).toBe(true);

    const mismatch = await app.post(
      '/api/app/account/review/password',
      { password: 'una-clave-nueva', password_confirmation: 'otra-cosa' },
      session,
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      code: 'VALIDATION',
      fields: {
        password_confirmation: 'Las contraseñas no coinciden, por favor verifica los datos ingresados.',
      },
    });
    const chosen = await app.post(
      '/api/app/account/review/password',
      { password: 'una-clave-nueva', password_confirmation: 'una-clave-nueva' },
      session,
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ pending: false, password_needed: false });
    expect(
      (await app.post('/api/auth/login', { email: ana.email, password: 'una-clave-nueva' })).statusCode,
    ).toBe(200);
    const twice = await app.post(
      '/api/app/account/review/password',
      { password: 'una-clave-otra', password_confirmation: 'una-clave-otra' },
      session,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'PASSWORD_ALREADY_SET' });
    expect(
      (await app.post('/api/auth/login', { email: ana.email, password: 'una-clave-otra' })).statusCode,
    ).toBe(401);
  });

  it('an account that was never reclaimed has nothing to review, and cannot set a password this way', async () => {
    const { app } = realtime;
    const luis = await signUpUser(app);
    expect(await review(app, luis.token)).toEqual({
      pending: false,
      reclaimed_at: null,
      password_needed: false,
      devices: [],
      members: [],
      memberships: [],
    });
    const set = await app.post(
      '/api/app/account/review/password',
      { password: 'una-clave-nueva', password_confirmation: 'una-clave-nueva' },
      luis.token,
    );
    expect(set.json()).toMatchObject({ code: 'PASSWORD_ALREADY_SET' });
    expect((await app.post('/api/app/account/review', {})).statusCode).toBe(401);
  });
});
