/**
 * The second step's limits as an attacker meets them (decision 052): a thief who has the password
 * (or a signed-in session) against the account's codes, the per-address limit, the password a session
 * re-enters and the setup of a new secret; and the owner, who must always get in.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, randomAddress, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { breakMail, mailsTo, repairMail, verifyEmailOf } from '../../../test/outbox.ts';
import { totpCode, totpStepAt } from '../../lib/crypto/totp.ts';
import { turnOnTwoStep } from '../../../test/two-step.ts';
import { accountActivity } from '../activity/activity.schema.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Account = Awaited<ReturnType<typeof signUpUser>>;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** the subject of the owner's warning e-mail (activity/security-notice.ts) */
const WARNING_SUBJECT = 'Alguien ingresó la contraseña correcta de tu cuenta';

/** the authenticator app's code for `secret` at the test clock's time */
const codeOf = (secret: string, server = app) => totpCode(secret, totpStepAt(server.clock.now));
/** a code that no step the server accepts now (one either side) gives */
function wrongCodeOf(secret: string, server = app): string {
  const step = totpStepAt(server.clock.now);
  const accepted = new Set([step - 1, step, step + 1].map((s) => totpCode(secret, s)));
  for (let n = 1; ; n += 1) {
    const code = String((Number(codeOf(secret, server)) + n) % 1_000_000).padStart(6, '0');
    if (!accepted.has(code)) return code;
  }
}
/** the next 30-second step: a code already accepted cannot be accepted again */
const nextStep = (server = app) => server.clock.advance(30_000);

const turnOn = (account: Account, server = app) => turnOnTwoStep(server, account);

/** the right password from `from`: the challenge of the second step */
async function challengeFrom(account: Account, from: string, server = app): Promise<string> {
  const response = await server.post(
    '/api/auth/login',
    { email: account.email, password: account.password },
    undefined,
    from,
  );
  expect(response.json()).toMatchObject({ two_factor_required: true });
  return (response.json() as { challenge: string }).challenge;
}

const secondStep = (challenge: string, code: string, from: string, server = app) =>
  server.post('/api/auth/loginTwoFactor', { challenge, code }, undefined, from);

/** the thief: the right password from an address never used before, and then `code` */
async function thiefTries(account: Account, code: string) {
  const from = randomAddress();
  return secondStep(await challengeFrom(account, from), code, from);
}

/** a session of the owner's own: the password and a recovery code */
async function signInAgain(account: Account, recoveryCode: string): Promise<string> {
  const from = randomAddress();
  const passed = await secondStep(await challengeFrom(account, from), recoveryCode, from);
  expect(passed.statusCode).toBe(200);
  return (passed.json() as { access_token: string }).access_token;
}

const warningsTo = async (account: Account) =>
  (await mailsTo(app, account.email)).filter((mail) => mail.subject?.startsWith(WARNING_SUBJECT));

const userIdOf = async (account: Account) =>
  (await app.post('/api/app/user/details', {}, account.token)).json().user.id as number;

/** every wrong code the account's log holds (each one checked writes one; wrong passwords aside) */
async function wrongCodesLogged(userId: number): Promise<number> {
  const [row] = await app.ctx.db
    .select({ n: count() })
    .from(accountActivity)
    .where(and(eq(accountActivity.userId, userId), eq(accountActivity.kind, 'sign_in_failed')));
  return row?.n ?? 0;
}

const retryAfterOf = (response: LightMyRequestResponse) => Number(response.headers['retry-after']);

describe('a thief with the password against the account’s codes', () => {
  it('a new password, changed or reset, forgets the thief’s wrong codes: the owner’s app code is not held', async () => {
    for (const recovery of ['changePassword', 'reset'] as const) {
      // verified, so that the reset is a plain one (a first proof of the mailbox turns two-step off)
      const signedUp = await signUpUser(app);
      const owner = { ...signedUp, token: await verifyEmailOf(app, signedUp) };
      const { secret } = await turnOn(owner);
      for (let i = 0; i < 10; i += 1) await thiefTries(owner, wrongCodeOf(secret));
      expect((await thiefTries(owner, codeOf(secret))).statusCode).toBe(429);

      const password = `${owner.password}-nueva`;
      if (recovery === 'changePassword') {
        const changed = await app.post(
          '/api/app/account/changePassword',
          { current_password: owner.password, password },
          owner.token,
        );
        expect(changed.statusCode, changed.body).toBe(200);
      } else {
        await app.post('/api/auth/forgotPass', { email: owner.email }, undefined, randomAddress());
        const link = (await mailsTo(app, owner.email))
          .map((mail) => /\/resetpass\/([\w-]+)/.exec(mail.text ?? ''))
          .find(Boolean)![1];
        const reset = await app.post('/api/auth/resetPass', {
          email: owner.email,
          password,
          password_confirmation: password,
          token: link,
        });
        expect(reset.statusCode, reset.body).toBe(200);
      }
      // the thief no longer has the password; the owner's app code goes through at once
      nextStep();
      const from = randomAddress();
      const passed = await secondStep(
        await challengeFrom({ ...owner, password }, from),
        codeOf(secret),
        from,
      );
      expect(passed.statusCode, passed.body).toBe(200);
    }
  });

  it('is slowed to a growing wait after ten wrong codes, while the owner gets in and is told once a day', async () => {
    const owner = await signUpUser(app);
    const { secret, recoveryCodes } = await turnOn(owner);
    const ownerAddress = randomAddress();

    // the thief: ten wrong codes, each with a fresh challenge from a fresh address, all checked
    for (let i = 0; i < 10; i += 1) {
      expect((await thiefTries(owner, wrongCodeOf(secret))).json().code).toBe('TWO_FACTOR_CODE_INVALID');
    }
    // the eleventh app code waits a minute, unchecked: even the right one would not get through
    const held = await thiefTries(owner, codeOf(secret));
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: expect.stringMatching(/Espera 1 minuto .*códigos de recuperación: esos se aceptan siempre/),
    });
    expect(retryAfterOf(held)).toBe(60);

    // the owner, meanwhile: a recovery code is checked at once
    const rescued = await secondStep(
      await challengeFrom(owner, ownerAddress),
      recoveryCodes[0]!,
      ownerAddress,
    );
    expect(rescued.statusCode).toBe(200);
    expect(rescued.json()).toHaveProperty('access_token');

    // the thief again: once the wait is over one code is checked, and the next wait is twice as long
    let wait = retryAfterOf(held);
    const waits = [];
    for (let i = 0; i < 3; i += 1) {
      app.clock.advance(wait * 1000);
      expect((await thiefTries(owner, wrongCodeOf(secret))).json().code).toBe('TWO_FACTOR_CODE_INVALID');
      const again = await thiefTries(owner, wrongCodeOf(secret));
      expect(again.statusCode).toBe(429);
      wait = retryAfterOf(again);
      waits.push(wait);
    }
    expect(waits).toEqual([2 * 60, 4 * 60, 8 * 60]);

    // the owner's app code waits too, with the message that a recovery code works now, and passes
    // once the wait is over
    const ownerHeld = await secondStep(
      await challengeFrom(owner, ownerAddress),
      codeOf(secret),
      ownerAddress,
    );
    expect(ownerHeld.statusCode).toBe(429);
    expect(ownerHeld.json().message).toMatch(/ingresa ahora uno de tus códigos de recuperación/);
    app.clock.advance(retryAfterOf(ownerHeld) * 1000);
    const passed = await secondStep(await challengeFrom(owner, ownerAddress), codeOf(secret), ownerAddress);
    expect(passed.statusCode).toBe(200);

    // the owner's success forgot none of the thief's wrong codes: one more is checked, then 16 minutes
    expect((await thiefTries(owner, wrongCodeOf(secret))).json().code).toBe('TWO_FACTOR_CODE_INVALID');
    const stillHeld = await thiefTries(owner, wrongCodeOf(secret));
    expect(stillHeld.statusCode).toBe(429);
    expect(retryAfterOf(stillHeld)).toBe(16 * 60);

    // one warning that day, however many wrong codes, saying what to do; never a code in it
    const warnings = await warningsTo(owner);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.text).toContain('pero no el código de verificación en dos pasos');
    expect(warnings[0]!.text).toContain('Si no fuiste tú, cambia tu contraseña ahora');
    expect(warnings[0]!.text).not.toContain(secret);

    // the next day, new wrong codes: they go through at once again, and one more warning
    app.clock.advance(DAY_MS);
    for (let i = 0; i < 3; i += 1) {
      expect((await thiefTries(owner, wrongCodeOf(secret))).json().code).toBe('TWO_FACTOR_CODE_INVALID');
    }
    expect(await warningsTo(owner)).toHaveLength(2);
  });
});

describe('a thief with the password against the account’s codes: bursts, confirmations, a mail server down', () => {
  it('gives a burst of 40 wrong codes sent at once after the tenth no more than one check', async () => {
    const owner = await signUpUser(app);
    const { secret } = await turnOn(owner);
    const userId = await userIdOf(owner);
    for (let i = 0; i < 10; i += 1) {
      expect((await thiefTries(owner, wrongCodeOf(secret))).json().code).toBe('TWO_FACTOR_CODE_INVALID');
    }
    // the minute after the tenth is over: one code may be checked now
    app.clock.advance(MINUTE_MS);
    const challenges = [];
    for (let i = 0; i < 8; i += 1) {
      const from = randomAddress();
      challenges.push({ from, challenge: await challengeFrom(owner, from) });
    }
    const logged = await wrongCodesLogged(userId);
    const wrong = wrongCodeOf(secret);
    const answers = await Promise.all(
      challenges.flatMap(({ from, challenge }) =>
        Array.from({ length: 5 }, () => secondStep(challenge, wrong, from)),
      ),
    );
    const checked = answers.filter((answer) => answer.statusCode === 400);
    expect(checked.length).toBeLessThanOrEqual(1);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(40 - checked.length);
    expect((await wrongCodesLogged(userId)) - logged).toBe(checked.length);
  });

  it('counts the codes of the confirmations with a password for the account too', async () => {
    const owner = await signUpUser(app);
    const { secret, recoveryCodes } = await turnOn(owner);
    const body = (code: string) => ({ password: owner.password, code });
    // a stolen session with the password: wrong codes before a wipe, an export, closing the account,
    // turning it off…
    const paths = [
      '/api/app/user/validatePass',
      '/api/app/account/export',
      '/api/app/account/delete',
      '/api/app/account/twoFactor/disable',
    ];
    for (const path of paths) {
      const refused = await app.post(path, body(wrongCodeOf(secret)), owner.token);
      expect(refused.json().code, path).toBe('TWO_FACTOR_CODE_INVALID');
    }
    // …and at sign-in: ten in all
    for (let i = 0; i < 6; i += 1) {
      expect((await thiefTries(owner, wrongCodeOf(secret))).json().code).toBe('TWO_FACTOR_CODE_INVALID');
    }
    const held = await app.post('/api/app/user/validatePass', body(codeOf(secret)), owner.token);
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toMatch(/códigos de recuperación/);
    // the owner's recovery code is checked whatever the wait
    expect(
      (await app.post('/api/app/user/validatePass', body(recoveryCodes[0]!), owner.token)).json(),
    ).toEqual({ status: true });
    // and once the wait is over, the app's code turns it off
    app.clock.advance(retryAfterOf(held) * 1000);
    const off = await app.post('/api/app/account/twoFactor/disable', body(codeOf(secret)), owner.token);
    expect(off.statusCode).toBe(200);
  });

  it('warns the owner even when the first wrong code meets a mail server that is down, without failing it', async () => {
    const owner = await signUpUser(app);
    const { secret } = await turnOn(owner);
    await breakMail(app);
    try {
      expect((await thiefTries(owner, wrongCodeOf(secret))).json().code).toBe('TWO_FACTOR_CODE_INVALID');
    } finally {
      await repairMail(app);
    }
    expect(await warningsTo(owner)).toHaveLength(0);
    // the day's warning was not used up by the failure: the next wrong code sends it
    expect((await thiefTries(owner, wrongCodeOf(secret))).json().code).toBe('TWO_FACTOR_CODE_INVALID');
    expect(await warningsTo(owner)).toHaveLength(1);
  });
});

describe('wrong codes from one address', () => {
  it('count only with a real challenge: forged, used and expired ones leave the owner’s code working there', async () => {
    const own = await createTestApp({ SIGNIN_FAILURES_PER_ADDRESS: '3' });
    try {
      const owner = await signUpUser(own);
      const { secret } = await turnOn(owner, own);
      // the café the owner signs in from, where the attacker sits too
      const shared = randomAddress();
      const refusedFrom = async (challenge: string) => {
        for (let i = 0; i < 5; i += 1) {
          const answer = await secondStep(challenge, wrongCodeOf(secret, own), shared, own);
          expect(answer.statusCode).toBe(400);
          expect(answer.json().code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
        }
      };

      // made-up challenges, more than the address's limit
      for (let i = 0; i < 3; i += 1) await refusedFrom(randomBytes(32).toString('base64url'));
      const used = await challengeFrom(owner, shared, own);
      expect((await secondStep(used, codeOf(secret, own), shared, own)).statusCode).toBe(200);
      nextStep(own);
      // the challenge the owner just used, and one left to expire
      await refusedFrom(used);
      const expired = await challengeFrom(owner, shared, own);
      own.clock.advance(5 * MINUTE_MS + 1000);
      await refusedFrom(expired);

      const passed = await secondStep(
        await challengeFrom(owner, shared, own),
        codeOf(secret, own),
        shared,
        own,
      );
      expect(passed.statusCode).toBe(200);
      expect(passed.json()).toHaveProperty('access_token');
    } finally {
      await own.close();
    }
  });

  it('from an IPv6 subscriber are counted by its /64: a fresh address of it for each code is held too, another /64 is not', async () => {
    const own = await createTestApp({ SIGNIN_FAILURES_PER_ADDRESS: '3' });
    try {
      const owner = await signUpUser(own);
      const { secret } = await turnOn(owner, own);
      const prefix = '2001:db8:1:7';
      // the thief moves to a fresh address of his /64 for each wrong code, each with a real challenge
      for (let i = 1; i <= 3; i += 1) {
        const from = `${prefix}::${i.toString(16)}`;
        const answer = await secondStep(
          await challengeFrom(owner, from, own),
          wrongCodeOf(secret, own),
          from,
          own,
        );
        expect(answer.json().code).toBe('TWO_FACTOR_CODE_INVALID');
      }
      // another address of the same /64, written in full: held, the right code unchecked
      const sameBlock = `${prefix}:0:0:0:abcd`;
      const held = await secondStep(
        await challengeFrom(owner, sameBlock, own),
        codeOf(secret, own),
        sameBlock,
        own,
      );
      expect(held.statusCode).toBe(429);
      expect(held.json().message).toMatch(/Demasiados códigos incorrectos desde tu conexión/);
      expect(retryAfterOf(held)).toBeGreaterThan(0);
      // the owner, on another /64, gets in
      const elsewhere = '2001:db8:1:8::1';
      const passed = await secondStep(
        await challengeFrom(owner, elsewhere, own),
        codeOf(secret, own),
        elsewhere,
        own,
      );
      expect(passed.statusCode, passed.body).toBe(200);
      expect(passed.json()).toHaveProperty('access_token');
    } finally {
      await own.close();
    }
  });
});

describe('the password re-entered in a signed-in session', () => {
  it('has one counter for every call that asks it: 20 wrong tries over them get 5 checks, another session none', async () => {
    const owner = await signUpUser(app);
    const deviceId = `android-${randomBytes(5).toString('hex')}`;
    const registered = await app.post(
      '/api/device/register',
      {
        device_id: deviceId,
        device_brand: 'Motorola',
        device_name: 'Teléfono de Ana',
        device_model: 'Moto G84',
        device_so: 'android',
        device_soversion: 14,
      },
      owner.token,
    );
    expect(registered.statusCode).toBeLessThan(300);
    const { recoveryCodes } = await turnOn(owner);
    const WRONG = 'no-es-la-clave';
    const code = '123456';
    /** each call that re-asks the password, with a wrong one, and the answer each gives it */
    const asks: { call: (token: string) => Promise<LightMyRequestResponse>; wrong: string }[] = [
      {
        call: (token) => app.post('/api/app/user/validatePass', { password: WRONG, code }, token),
        wrong: '200 {"status":false}',
      },
      {
        call: (token) =>
          app.post('/api/app/account/changeEmail', { email: 'otra@example.cl', password: WRONG }, token),
        wrong: '400 WRONG_PASSWORD',
      },
      {
        call: (token) =>
          app.post(
            '/api/app/account/changePassword',
            { current_password: WRONG, password: 'otra-clave-segura' },
            token,
          ),
        wrong: '400 CURRENT_PASSWORD_WRONG',
      },
      {
        call: (token) => app.post('/api/app/account/export', { password: WRONG, code }, token),
        wrong: '400 WRONG_PASSWORD',
      },
      {
        call: (token) => app.post('/api/app/account/delete', { password: WRONG, code }, token),
        wrong: '400 WRONG_PASSWORD',
      },
      {
        call: (token) =>
          app.post(
            '/api/app/devices/remove',
            { device_id: deviceId, password: WRONG, code, delete_data: false },
            token,
          ),
        wrong: '400 WRONG_PASSWORD',
      },
      {
        call: (token) => app.post('/api/app/account/twoFactor/start', { password: WRONG }, token),
        wrong: '400 WRONG_PASSWORD',
      },
      {
        call: (token) => app.post('/api/app/account/twoFactor/disable', { password: WRONG, code }, token),
        wrong: '400 WRONG_PASSWORD',
      },
    ];
    const HELD = '429 TOO_MANY_ATTEMPTS';
    const summary = (response: LightMyRequestResponse) => {
      const body = response.json() as { code?: string };
      return `${response.statusCode} ${body.code ?? JSON.stringify(body)}`;
    };
    /** 20 wrong tries in one session, going round the calls from `first` */
    const twentyTries = async (token: string, first: number) => {
      const answers = [];
      for (let i = 0; i < 20; i += 1)
        answers.push(summary(await asks[(first + i) % asks.length]!.call(token)));
      return answers;
    };
    const expected = (first: number) =>
      Array.from({ length: 20 }, (_, i) => (i < 5 ? asks[(first + i) % asks.length]!.wrong : HELD));

    // the thief's stolen session: five wrong passwords in all, whichever calls they go to
    expect(await twentyTries(owner.token, 0)).toEqual(expected(0));
    // and the limit holds for the right password too, with its message
    const held = await app.post(
      '/api/app/account/changePassword',
      { current_password: owner.password, password: 'otra-clave-segura' },
      owner.token,
    );
    expect(held.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: expect.stringMatching(/Demasiados intentos con una contraseña o un código incorrectos/),
    });
    expect(retryAfterOf(held)).toBeGreaterThan(0);

    // another session counts its own: the calls the first one reached last are the first checked here
    const second = await signInAgain(owner, recoveryCodes[0]!);
    expect(await twentyTries(second, 5)).toEqual(expected(5));
    // and the owner's own session is not held by either
    const own = await signInAgain(owner, recoveryCodes[1]!);
    expect(
      (
        await app.post(
          '/api/app/user/validatePass',
          { password: owner.password, code: recoveryCodes[2] },
          own,
        )
      ).json(),
    ).toEqual({ status: true });
  });
});

describe('confirming a new secret', () => {
  it('limits wrong codes per session', async () => {
    const owner = await signUpUser(app);
    const started = await app.post(
      '/api/app/account/twoFactor/start',
      { password: owner.password },
      owner.token,
    );
    const { secret } = started.json() as { secret: string };
    const confirm = (code: string, token = owner.token) =>
      app.post('/api/app/account/twoFactor/confirm', { code }, token);
    for (let i = 0; i < 5; i += 1) {
      expect((await confirm(wrongCodeOf(secret))).json().code).toBe('TWO_FACTOR_CODE_INVALID');
    }
    const held = await confirm(codeOf(secret));
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: expect.stringMatching(/Demasiados códigos incorrectos/),
    });
    expect(retryAfterOf(held)).toBeGreaterThan(0);

    // a burst from another session gets no more checks than one by one
    const login = () =>
      app.post(
        '/api/auth/login',
        { email: owner.email, password: owner.password },
        undefined,
        randomAddress(),
      );
    const other = (await login()).json().access_token as string;
    const burst = await Promise.all(Array.from({ length: 12 }, () => confirm(wrongCodeOf(secret), other)));
    expect(burst.filter((answer) => answer.statusCode === 400).length).toBeLessThanOrEqual(5);
    expect(burst.filter((answer) => answer.statusCode === 429).length).toBeGreaterThanOrEqual(7);

    // the owner's own session is held by neither: the right code turns it on
    const own = (await login()).json().access_token as string;
    expect((await confirm(codeOf(secret), own)).statusCode).toBe(200);
  });

  it('refuses a secret started 15 minutes ago, asking to start again; a new start works', async () => {
    const owner = await signUpUser(app);
    const start = () =>
      app.post('/api/app/account/twoFactor/start', { password: owner.password }, owner.token);
    const confirm = (code: string) => app.post('/api/app/account/twoFactor/confirm', { code }, owner.token);
    const old = (await start()).json().secret as string;
    app.clock.advance(15 * MINUTE_MS);
    const late = await confirm(codeOf(old));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'TWO_FACTOR_SETUP_EXPIRED',
      message: expect.stringMatching(/pasaron más de 15 minutos.*Vuelve a empezar/),
    });
    expect((await app.post('/api/app/user/details', {}, owner.token)).json().user.two_factor_enabled).toBe(
      false,
    );

    const fresh = (await start()).json().secret as string;
    app.clock.advance(15 * MINUTE_MS - 1000);
    const confirmed = await confirm(codeOf(fresh));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().recovery_codes).toHaveLength(10);
  });
});
