import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LOGIN_MAX_FAILURES } from '@escudo/contract';
import { createTestApp, randomAddress, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { totpCode, totpStepAt } from '../../lib/crypto/totp.ts';
import { turnOnTwoStep } from '../../../test/two-step.ts';
import { signInWithProvider } from '../auth/google.service.ts';
import { noSignUpCodes } from '../auth/sign-up.ts';
import { noOrigin } from '../../lib/http/client-origin.ts';
import { twoFactor } from './two-factor.schema.ts';
import { users } from '../accounts/accounts.schema.ts';
import { runAdminCommand } from '../../app/admin/admin-commands.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Account = Awaited<ReturnType<typeof signUpUser>>;

/** the authenticator app's code for `secret` at the test clock's time (or `at`) */
const codeOf = (secret: string, at = app.clock.now) => totpCode(secret, totpStepAt(at));
/** the next 30-second step: a code already accepted cannot be accepted again */
const nextStep = () => app.clock.advance(30_000);

const turnOn = (account: Account) => turnOnTwoStep(app, account);

const login = (account: Account, from: string) =>
  app.post('/api/auth/login', { email: account.email, password: account.password }, undefined, from);

async function challengeOf(account: Account, from: string): Promise<string> {
  const response = await login(account, from);
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body).toMatchObject({ two_factor_required: true, challenge: expect.any(String) });
  expect(body).not.toHaveProperty('access_token');
  return body.challenge;
}

const secondStep = (challenge: string, code: string, from: string) =>
  app.post('/api/auth/loginTwoFactor', { challenge, code }, undefined, from);

const isOn = async (account: Account) =>
  (await app.post('/api/app/user/details', {}, account.token)).json().user.two_factor_enabled as boolean;

const activityKinds = async (account: Account) =>
  (
    (await app.post('/api/app/account/activity', {}, account.token)).json().activity as { kind: string }[]
  ).map((entry) => entry.kind);

describe('turning two-step sign-in on', () => {
  it('starts with a secret and its QR link, which turn nothing on until a code confirms them', async () => {
    const account = await signUpUser(app);
    const started = await app.post(
      '/api/app/account/twoFactor/start',
      { password: account.password },
      account.token,
    );
    expect(started.statusCode).toBe(200);
    const { secret, otpauth_url } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(decodeURIComponent(otpauth_url)).toContain(account.email);
    expect(await isOn(account)).toBe(false);
    // still signs in with the password alone
    const signedIn = await login(account, randomAddress());
    expect(signedIn.json()).toHaveProperty('access_token');
    // the secret is not stored as such
    const [row] = await app.ctx.db
      .select()
      .from(twoFactor)
      .where(
        eq(twoFactor.userId, (await app.post('/api/app/user/details', {}, account.token)).json().user.id),
      );
    expect(row?.pendingSecret).toBeTruthy();
    expect(row?.pendingSecret).not.toContain(secret);
  });

  it('asks the password first: a session without it starts nothing, and its wrong tries are limited', async () => {
    const account = await signUpUser(app);
    const start = (password: string) =>
      app.post('/api/app/account/twoFactor/start', { password }, account.token);
    expect((await app.post('/api/app/account/twoFactor/start', {}, account.token)).statusCode).toBe(400);
    const wrong = await start('no-es-la-clave');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', fields: { password: expect.any(String) } });
    const [user] = await app.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, account.email));
    expect(await app.ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, user!.id))).toEqual([]);
    for (let i = 1; i < LOGIN_MAX_FAILURES; i += 1) await start('no-es-la-clave');
    // the session's limit holds even for the right password now
    expect((await start(account.password)).json().code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('refuses a wrong code, a code of a replaced secret, and a confirm without start, changing nothing', async () => {
    const account = await signUpUser(app);
    const notStarted = await app.post(
      '/api/app/account/twoFactor/confirm',
      { code: '123456' },
      account.token,
    );
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json().code).toBe('TWO_FACTOR_NOT_STARTED');

    const first = (
      await app.post('/api/app/account/twoFactor/start', { password: account.password }, account.token)
    ).json().secret as string;
    const second = (
      await app.post('/api/app/account/twoFactor/start', { password: account.password }, account.token)
    ).json().secret as string;
    expect(second).not.toBe(first);
    const wrong = String((Number(codeOf(second)) + 1) % 1_000_000).padStart(6, '0');
    for (const code of [wrong, codeOf(first), 'abc']) {
      const refused = await app.post('/api/app/account/twoFactor/confirm', { code }, account.token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'TWO_FACTOR_CODE_INVALID',
        message: expect.stringMatching(/código/),
      });
    }
    expect(await isOn(account)).toBe(false);
    expect(await activityKinds(account)).not.toContain('two_factor_on');
  });

  it('turns on with a right code: 10 recovery codes, the activity entry and an e-mail to the owner', async () => {
    const account = await signUpUser(app);
    const { secret, recoveryCodes } = await turnOn(account);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await isOn(account)).toBe(true);
    expect(await activityKinds(account)).toContain('two_factor_on');
    const mails = await mailsTo(app, account.email);
    const notice = mails.find((mail) => mail.subject?.startsWith('Se activó la verificación en dos pasos'));
    expect(notice?.text).toContain('Si no fuiste tú');
    // never a secret (security-notice.ts): not the app's key, nor a recovery code, in either part
    for (const part of [notice?.text, notice?.html || '']) {
      expect(part).not.toContain(secret);
      for (const code of recoveryCodes) expect(part).not.toContain(code);
    }

    const again = await app.post(
      '/api/app/account/twoFactor/start',
      { password: account.password },
      account.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TWO_FACTOR_ALREADY_ON');
  });
});

describe('signing in with two-step sign-in on', () => {
  it('answers a challenge instead of a session, and the challenge and a code give the session', async () => {
    const account = await signUpUser(app);
    const { secret } = await turnOn(account);
    const from = randomAddress();
    const challenge = await challengeOf(account, from);
    const passed = await secondStep(challenge, codeOf(secret), from);
    expect(passed.statusCode).toBe(200);
    const { access_token } = passed.json();
    expect((await app.post('/api/app/user/details', {}, access_token)).statusCode).toBe(200);
    // a used challenge is dead, even with a good code
    nextStep();
    const reused = await secondStep(challenge, codeOf(secret), from);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
  });

  it('accepts a code once: the same code again is refused, the next step’s works', async () => {
    const account = await signUpUser(app);
    const { secret } = await turnOn(account);
    const from = randomAddress();
    const code = codeOf(secret);
    expect((await secondStep(await challengeOf(account, from), code, from)).statusCode).toBe(200);
    const challenge = await challengeOf(account, from);
    const replayed = await secondStep(challenge, code, from);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().code).toBe('TWO_FACTOR_CODE_INVALID');
    // an earlier step's code (within the drift) is refused too once a later one was accepted
    const earlier = await secondStep(challenge, totpCode(secret, totpStepAt(app.clock.now) - 1), from);
    expect(earlier.json().code).toBe('TWO_FACTOR_CODE_INVALID');
    nextStep();
    expect((await secondStep(challenge, codeOf(secret), from)).statusCode).toBe(200);
  });

  it('takes a recovery code, as typed, exactly once', async () => {
    const account = await signUpUser(app);
    const { recoveryCodes } = await turnOn(account);
    const from = randomAddress();
    const typed = recoveryCodes[3]!.toUpperCase().replace('-', ' ');
    const passed = await secondStep(await challengeOf(account, from), typed, from);
    expect(passed.statusCode).toBe(200);
    const again = await secondStep(await challengeOf(account, from), recoveryCodes[3]!, from);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('TWO_FACTOR_CODE_INVALID');
    // the others still work
    expect((await secondStep(await challengeOf(account, from), recoveryCodes[4]!, from)).statusCode).toBe(
      200,
    );
  });

  it('lets a challenge live 5 minutes', async () => {
    const account = await signUpUser(app);
    const { secret } = await turnOn(account);
    const from = randomAddress();
    const challenge = await challengeOf(account, from);
    app.clock.advance(5 * 60_000 + 1000);
    const late = await secondStep(challenge, codeOf(secret), from);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      code: 'TWO_FACTOR_CHALLENGE_INVALID',
      message: expect.stringMatching(/Ingresa nuevamente con tu email y contraseña/),
    });
    // one that is 4 minutes old still works
    const fresh = await challengeOf(account, from);
    app.clock.advance(4 * 60_000);
    expect((await secondStep(fresh, codeOf(secret), from)).statusCode).toBe(200);
  });

  it('kills a challenge after 5 wrong codes, records each, and locks nobody out: signing in again works', async () => {
    const account = await signUpUser(app);
    const { secret } = await turnOn(account);
    const from = randomAddress();
    const challenge = await challengeOf(account, from);
    const wrong = String((Number(codeOf(secret)) + 1) % 1_000_000).padStart(6, '0');
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await secondStep(challenge, wrong, from)).json().code);
    expect(answers).toEqual([...Array(4).fill('TWO_FACTOR_CODE_INVALID'), 'TWO_FACTOR_CHALLENGE_INVALID']);
    const right = await secondStep(challenge, codeOf(secret), from);
    expect(right.json().code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
    expect((await activityKinds(account)).filter((kind) => kind === 'sign_in_failed')).toHaveLength(5);
    expect((await secondStep(await challengeOf(account, from), codeOf(secret), from)).statusCode).toBe(200);
  });

  it('gives a burst of guesses on one challenge no more than 5 checks', async () => {
    const account = await signUpUser(app);
    const { secret } = await turnOn(account);
    const from = randomAddress();
    const challenge = await challengeOf(account, from);
    const wrong = String((Number(codeOf(secret)) + 7) % 1_000_000).padStart(6, '0');
    await Promise.all(Array.from({ length: 12 }, () => secondStep(challenge, wrong, from)));
    expect((await activityKinds(account)).filter((kind) => kind === 'sign_in_failed')).toHaveLength(5);
  });

  it('refuses a forged challenge, and an answer to one account’s challenge never signs in another', async () => {
    const from = randomAddress();
    const forged = await secondStep('x'.repeat(43), '123456', from);
    expect(forged.json().code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
    const ana = await signUpUser(app);
    const bea = await signUpUser(app);
    await turnOn(ana);
    const { secret: beaSecret } = await turnOn(bea);
    const refused = await secondStep(await challengeOf(ana, from), codeOf(beaSecret), from);
    expect(refused.json().code).toBe('TWO_FACTOR_CODE_INVALID');
  });

  it('asks the second step after Google sign-in too', async () => {
    const account = await signUpUser(app);
    const { secret } = await turnOn(account);
    // Google links only an account whose e-mail is verified (decision 034)
    await app.ctx.db
      .update(users)
      .set({ emailVerifiedAt: app.clock.now })
      .where(eq(users.email, account.email));
    // the hand-off cookie's value that the callback would have given this browser
    const browserKey = 'b'.repeat(43);
    const provided = await signInWithProvider(
      app.ctx,
      { sub: `google-${account.email}`, email: account.email, email_verified: true, name: 'Ana' },
      noSignUpCodes,
      browserKey,
      noOrigin,
    );
    if (!provided.ok) throw new Error(provided.reason);
    const from = randomAddress();
    const traded = await app.app.inject({
      method: 'POST',
      url: '/api/social-auth/loginWithGoogleToken',
      payload: { access_token: provided.socialAccessToken },
      headers: { cookie: `escudo_google_handoff=${browserKey}` },
      remoteAddress: from,
    });
    expect(traded.statusCode).toBe(200);
    expect(traded.json()).toMatchObject({ two_factor_required: true });
    expect(traded.json()).not.toHaveProperty('token');
    const passed = await secondStep(traded.json().challenge, codeOf(secret), from);
    expect(passed.statusCode).toBe(200);
    expect(passed.json()).toHaveProperty('access_token');
  });
});

describe('wrong second-step codes from one address', () => {
  it('are limited per address, which does not stop the owner elsewhere', async () => {
    const own = await createTestApp({ SIGNIN_FAILURES_PER_ADDRESS: '3' });
    try {
      const account = await signUpUser(own);
      const started = (
        await own.post('/api/app/account/twoFactor/start', { password: account.password }, account.token)
      ).json();
      const code = () => totpCode(started.secret, totpStepAt(own.clock.now));
      await own.post('/api/app/account/twoFactor/confirm', { code: code() }, account.token);
      own.clock.advance(30_000);
      const challenge = async (from: string) =>
        (
          await own.post(
            '/api/auth/login',
            { email: account.email, password: account.password },
            undefined,
            from,
          )
        ).json().challenge as string;
      const wrong = () => String((Number(code()) + 1) % 1_000_000).padStart(6, '0');
      const attacker = randomAddress();
      for (let i = 0; i < 3; i += 1) {
        const answer = await own.post(
          '/api/auth/loginTwoFactor',
          { challenge: await challenge(attacker), code: wrong() },
          undefined,
          attacker,
        );
        expect(answer.json().code).toBe('TWO_FACTOR_CODE_INVALID');
      }
      const held = await own.post(
        '/api/auth/loginTwoFactor',
        { challenge: await challenge(attacker), code: code() },
        undefined,
        attacker,
      );
      expect(held.statusCode).toBe(429);
      expect(held.headers['retry-after']).toBeDefined();
      expect(held.json().message).toMatch(/Demasiados códigos incorrectos desde tu conexión/);
      const owner = randomAddress();
      const passed = await own.post(
        '/api/auth/loginTwoFactor',
        { challenge: await challenge(owner), code: code() },
        undefined,
        owner,
      );
      expect(passed.statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('turning two-step sign-in off', () => {
  it('needs the password and a code; then sign-in needs the password alone', async () => {
    const account = await signUpUser(app);
    const { secret } = await turnOn(account);
    const disable = (body: { password: string; code: string }) =>
      app.post('/api/app/account/twoFactor/disable', body, account.token);

    const wrongPassword = await disable({ password: 'no-es-la-clave', code: codeOf(secret) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().code).toBe('WRONG_PASSWORD');
    const wrongCode = await disable({
      password: account.password,
      code: '000000' === codeOf(secret) ? '000001' : '000000',
    });
    expect(wrongCode.json().code).toBe('TWO_FACTOR_CODE_INVALID');
    expect(await isOn(account)).toBe(true);
    expect(await activityKinds(account)).not.toContain('two_factor_off');

    nextStep();
    const usedCode = codeOf(secret);
    const off = await disable({ password: account.password, code: usedCode });
    expect(off.statusCode).toBe(200);
    expect(await isOn(account)).toBe(false);
    expect(await activityKinds(account)).toContain('two_factor_off');
    const mails = await mailsTo(app, account.email);
    const notice = mails.find((mail) =>
      mail.subject?.startsWith('Se desactivó la verificación en dos pasos'),
    );
    expect(notice?.text).toContain('Si no fuiste tú');
    // never a secret (security-notice.ts): not the password, the app's key or the code just used
    for (const part of [notice?.text, notice?.html || '']) {
      for (const secretValue of [account.password, secret, usedCode]) expect(part).not.toContain(secretValue);
    }
    expect((await login(account, randomAddress())).json()).toHaveProperty('access_token');

    const again = await disable({ password: account.password, code: codeOf(secret) });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TWO_FACTOR_OFF');
  });

  it('takes a recovery code instead of the app', async () => {
    const account = await signUpUser(app);
    const { recoveryCodes } = await turnOn(account);
    const off = await app.post(
      '/api/app/account/twoFactor/disable',
      { password: account.password, code: recoveryCodes[0] },
      account.token,
    );
    expect(off.statusCode).toBe(200);
  });
});

describe('the administrator’s two-factor disable', () => {
  it('turns it off for an owner who lost the phone and the codes, and tells them', async () => {
    const account = await signUpUser(app);
    await turnOn(account);
    const said = await runAdminCommand(app.ctx, ['two-factor', 'disable', '--email', account.email]);
    expect(said.join('\n')).toContain(account.email);
    expect(await isOn(account)).toBe(false);
    expect(await activityKinds(account)).toContain('two_factor_off');
    const mails = await mailsTo(app, account.email);
    expect(mails.some((mail) => mail.text?.includes('por el equipo de soporte'))).toBe(true);
    await expect(
      runAdminCommand(app.ctx, ['two-factor', 'disable', '--email', account.email]),
    ).rejects.toThrow('La verificación en dos pasos no está activada en tu cuenta.');
  });
});

describe("the wipe's password confirmation (validatePass)", () => {
  it('needs a code besides the password when two-step sign-in is on', async () => {
    const account = await signUpUser(app);
    const validate = (body: object) => app.post('/api/app/user/validatePass', body, account.token);
    expect((await validate({ password: account.password })).json()).toEqual({ status: true });

    const { secret, recoveryCodes } = await turnOn(account);
    const missing = await validate({ password: account.password });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('TWO_FACTOR_CODE_REQUIRED');
    const wrong = await validate({
      password: account.password,
      code: recoveryCodes[0]!.replace(/./, (c) => (c === 'a' ? 'b' : 'a')),
    });
    expect(wrong.json().code).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await validate({ password: 'no-es-la-clave', code: codeOf(secret) })).json()).toEqual({
      status: false,
    });
    expect((await validate({ password: account.password, code: codeOf(secret) })).json()).toEqual({
      status: true,
    });
    expect((await validate({ password: account.password, code: recoveryCodes[1] })).json()).toEqual({
      status: true,
    });
  });
});

describe('the other confirmations with a password', () => {
  it('asks the code for a data export and for closing the account, and changes nothing without it', async () => {
    const account = await signUpUser(app);
    const { secret } = await turnOn(account);

    const exportWithout = await app.post(
      '/api/app/account/export',
      { password: account.password },
      account.token,
    );
    expect(exportWithout.statusCode).toBe(400);
    expect(exportWithout.json().code).toBe('TWO_FACTOR_CODE_REQUIRED');
    const exportWrong = await app.post(
      '/api/app/account/export',
      { password: account.password, code: '000000' === codeOf(secret) ? '111111' : '000000' },
      account.token,
    );
    expect(exportWrong.json().code).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await app.post('/api/app/account/exportStatus', {}, account.token)).json().state).toBe('none');
    const exported = await app.post(
      '/api/app/account/export',
      { password: account.password, code: codeOf(secret) },
      account.token,
    );
    expect(exported.statusCode).toBe(201);
    nextStep();

    const deleteWithout = await app.post(
      '/api/app/account/delete',
      { password: account.password },
      account.token,
    );
    expect(deleteWithout.json().code).toBe('TWO_FACTOR_CODE_REQUIRED');
    // still signed in: nothing was scheduled
    expect((await app.post('/api/app/user/details', {}, account.token)).statusCode).toBe(200);
    const deleted = await app.post(
      '/api/app/account/delete',
      { password: account.password, code: codeOf(secret) },
      account.token,
    );
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toHaveProperty('deletion_scheduled_at');
  });
});
