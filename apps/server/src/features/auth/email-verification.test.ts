/**
 * E-mail verification (decision 034, and 050: the first proof of the mailbox reclaims the account),
 * through the API on a real database, the e-mails read from the outbox and the clock moved for expiry
 * and limits. The change of e-mail is email-change.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMAIL_VERIFICATION_TTL_MS } from '@escudo/contract';
import { createTestApp, randomAddress, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { linkTokensTo, mailsTo, verifyEmailOf } from '../../../test/outbox.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const VERIFY_PATH = '/verificar-email/';

const freshEmail = (name = 'ana') => `${name}.${randomBytes(4).toString('hex')}@example.cl`;

async function details(token: string) {
  const response = await app.post('/api/app/user/details', {}, token);
  expect(response.statusCode, response.body).toBe(200);
  return (
    response.json() as {
      user: { id: number; email: string; email_verified: boolean; account_review_pending: boolean };
    }
  ).user;
}

const open = (token: string) => app.post('/api/auth/verifyEmail', { token });
const resend = (sessionToken: string) => app.post('/api/app/account/resendVerification', {}, sessionToken);
const changeEmail = (sessionToken: string, body: { email: string; password: string }) =>
  app.post('/api/app/account/changeEmail', body, sessionToken);

/** the link tokens to `email` that were not among `before` */
async function newLinks(email: string, before: string[] = []) {
  return (await linkTokensTo(app, email, VERIFY_PATH)).filter((token) => !before.includes(token));
}

describe('e-mail verification: sign-up', () => {
  it('sends a Spanish e-mail, naming nobody, whose link (48 h, once) verifies the account and makes it the mailbox’s alone', async () => {
    const ana = await signUpUser(app);
    const { id } = await details(ana.token);
    expect((await details(ana.token)).email_verified).toBe(false);

    const [mail, ...others] = await mailsTo(app, ana.email);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe('Verifica tu email de Escudo');
    expect(mail!.text).toContain('válido por 48 horas y de un solo uso');
    // whoever signed up typed the name: it is not carried to a mailbox not shown to be theirs
    expect(mail!.text).toMatch(/^Hola:\n/);
    expect(mail!.text).not.toContain(ana.name);
    expect(mail!.html).not.toContain(ana.name);
    const [token] = await newLinks(ana.email);
    expect(mail!.text).toContain(`http://escudo.test${VERIFY_PATH}${token}`);

    const opened = await open(token!);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({
      status: 'verified',
      email: ana.email,
      password_token: expect.any(String),
    });
    // the first proof of the mailbox (decision 050): the sign-up's session and its password are over
    expect((await app.post('/api/app/user/details', {}, ana.token)).statusCode).toBe(401);
    expect((await app.post('/api/auth/login', { email: ana.email, password: ana.password })).statusCode).toBe(
      401,
    );
    // the page's token sets the new password, once
    const chosen = {
      email: ana.email,
      password: 'la-clave-de-ana',
      password_confirmation: 'la-clave-de-ana',
      token: opened.json().password_token,
    };
    expect((await app.post('/api/auth/resetPass', chosen)).statusCode).toBe(200);
    expect((await app.post('/api/auth/resetPass', chosen)).json()).toMatchObject({
      code: 'RESET_TOKEN_INVALID',
    });
    const session = await app.post('/api/auth/login', { email: ana.email, password: 'la-clave-de-ana' });
    expect(session.statusCode).toBe(200);
    expect(await details(session.json().access_token)).toMatchObject({
      id,
      email_verified: true,
      account_review_pending: false,
    });

    // a second time: a clear refusal, and the account stays as it is
    const again = await open(token!);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'EMAIL_LINK_INVALID',
      message: expect.stringContaining('ya fue utilizado'),
    });
    expect((await details(session.json().access_token)).email_verified).toBe(true);
  });

  it('without choosing a password there, the account has none until a reset sets one', async () => {
    const ana = await signUpUser(app);
    const [token] = await newLinks(ana.email);
    expect((await open(token!)).statusCode).toBe(200);
    // the person comes back later through "¿Olvidaste tu contraseña?"
    expect((await app.post('/api/auth/forgotPass', { email: ana.email })).statusCode).toBe(200);
    const [resetToken] = await linkTokensTo(app, ana.email, '/resetpass/');
    const reset = await app.post('/api/auth/resetPass', {
      email: ana.email,
      password: 'otra-clave-segura',
      password_confirmation: 'otra-clave-segura',
      token: resetToken,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const session = await app.post('/api/auth/login', { email: ana.email, password: 'otra-clave-segura' });
    expect((await details(session.json().access_token)).account_review_pending).toBe(false);
  });

  it('answers without waiting for the mail server; a failed e-mail is logged and the account stands', async () => {
    // a mail server that takes the connection and then says nothing, as a stuck one does
    const held: Socket[] = [];
    const silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const lines: string[] = [];
    const own = await createTestApp(
      { SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`, LOG_LEVEL: 'warn' },
      undefined,
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    try {
      const email = freshEmail();
      const { token: session } = await signUpUser(own, { email });
      // the answer came while the e-mail is still under way: the mail server has not even greeted
      let isMailDone = false;
      void own.ctx.background.settled().then(() => (isMailDone = true));
      await new Promise((resolve) => setImmediate(resolve));
      expect(isMailDone).toBe(false);

      // the mail server drops the connection: the e-mail fails, is logged, and the account stands
      await vi.waitFor(() => expect(held).toHaveLength(1));
      held[0]!.destroy();
      await own.ctx.background.settled();
      expect(lines.some((line) => line.includes('the verification e-mail could not be sent'))).toBe(true);
      const user = await own.post('/api/app/user/details', {}, session);
      expect(user.json()).toMatchObject({ user: { email, email_verified: false } });
    } finally {
      for (const socket of held) socket.destroy();
      await own.close();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('a link past its 48 hours verifies nothing; a made-up one neither', async () => {
    expect(EMAIL_VERIFICATION_TTL_MS).toBe(48 * 60 * MINUTE_MS);
    // a minute short of the 48 hours, a link still works
    const bea = await signUpUser(app);
    const [beaToken] = await newLinks(bea.email);
    app.clock.advance(EMAIL_VERIFICATION_TTL_MS - MINUTE_MS);
    expect((await open(beaToken!)).statusCode).toBe(200);

    const ana = await signUpUser(app);
    const [token] = await newLinks(ana.email);
    app.clock.advance(EMAIL_VERIFICATION_TTL_MS + 1000);
    const late = await open(token!);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'EMAIL_LINK_INVALID' });
    const forged = await open(randomBytes(32).toString('base64url'));
    expect(forged.json()).toMatchObject({ code: 'EMAIL_LINK_INVALID' });
    expect((await details(ana.token)).email_verified).toBe(false);
  });

  it('a password reset (its link reached the mailbox) verifies the e-mail too', async () => {
    const ana = await signUpUser(app);
    expect((await app.post('/api/auth/forgotPass', { email: ana.email })).statusCode).toBe(200);
    const [resetToken] = await linkTokensTo(app, ana.email, '/resetpass/');
    const reset = await app.post('/api/auth/resetPass', {
      email: ana.email,
      password: 'otra-clave-segura',
      password_confirmation: 'otra-clave-segura',
      token: resetToken,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const session = await app.post('/api/auth/login', { email: ana.email, password: 'otra-clave-segura' });
    expect((await details(session.json().access_token)).email_verified).toBe(true);
  });
});

describe('e-mail verification: asking again (app/account/resendVerification)', () => {
  it('sends a new link that ends the older ones, one a minute and five a day', async () => {
    const ana = await signUpUser(app);
    const [first] = await newLinks(ana.email);

    const sent = await resend(ana.token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ status: 'sent', email: ana.email });
    const [second, ...more] = await newLinks(ana.email, [first!]);
    expect(more).toHaveLength(0);
    // the newer link ends the older one
    expect((await open(first!)).json()).toMatchObject({ code: 'EMAIL_LINK_INVALID' });

    // again within the minute: refused with when to try, and nothing sent
    const soon = await resend(ana.token);
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining('1 minuto'),
    });
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(await newLinks(ana.email, [first!, second!])).toHaveLength(0);

    // four more, a minute apart, make five in the day; the sixth waits for the next day
    for (let i = 0; i < 4; i += 1) {
      app.clock.advance(MINUTE_MS + 1000);
      expect((await resend(ana.token)).statusCode).toBe(200);
    }
    app.clock.advance(MINUTE_MS + 1000);
    const sixth = await resend(ana.token);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining('mañana'),
    });
    app.clock.advance(DAY_MS);
    expect((await resend(ana.token)).statusCode).toBe(200);

    // only the newest link works
    const links = await newLinks(ana.email, [first!, second!]);
    expect(links).toHaveLength(5);
    const answers = await Promise.all(links.map((token) => open(token)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
  });

  it('says so when the e-mail is already verified, and sends nothing', async () => {
    const ana = await signUpUser(app);
    const session = await verifyEmailOf(app, ana);
    const before = (await mailsTo(app, ana.email)).length;
    const answer = await resend(session);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'already_verified', email: ana.email });
    expect(await mailsTo(app, ana.email)).toHaveLength(before);
  });

  it('needs a session', async () => {
    expect((await app.post('/api/app/account/resendVerification', {})).statusCode).toBe(401);
  });
});

describe('whether an e-mail has an account is asked only so often', () => {
  it('sign-up: ten tries of one e-mail an hour, whatever the addresses they come from', async () => {
    const ana = await signUpUser(app);
    const attempt = () =>
      app.post(
        '/api/auth/signUpByCode',
        { name: 'Otra', email: ana.email.toUpperCase(), password: 'una-clave-segura' },
        undefined,
        randomAddress(),
      );
    // the sign-up itself was the first
    for (let i = 0; i < 9; i += 1) expect((await attempt()).json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    const held = await attempt();
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    app.clock.advance(60 * MINUTE_MS + 1000);
    expect((await attempt()).json()).toMatchObject({ code: 'EMAIL_TAKEN' });
  });

  it('changeEmail: five addresses an hour per account, taken or free', async () => {
    const ana = await signUpUser(app);
    const luis = await signUpUser(app);
    for (let i = 0; i < 4; i += 1)
      expect((await changeEmail(ana.token, { email: freshEmail(), password: ana.password })).statusCode).toBe(
        200,
      );
    expect((await changeEmail(ana.token, { email: luis.email, password: ana.password })).statusCode).toBe(
      409,
    );
    const held = await changeEmail(ana.token, { email: luis.email, password: ana.password });
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});
