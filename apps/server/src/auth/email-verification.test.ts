/**
 * E-mail verification and the safe change of e-mail (issue 29 item 1, decision 034), through the API
 * on a real database, the e-mails read from the outbox and the clock moved for expiry and limits.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMAIL_VERIFICATION_TTL_MS } from '@escudo/contract';
import { createTestApp, randomAddress, signUpUser, type TestApp } from '../../test/test-app.ts';
import { linkTokensTo, mailsTo } from '../../test/outbox.ts';

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
  return (response.json() as { user: { id: number; email: string; email_verified: boolean } }).user;
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
  it('sends a Spanish e-mail whose link (48 h, once) verifies the account; details carry the flag', async () => {
    const ana = await signUpUser(app);
    expect((await details(ana.token)).email_verified).toBe(false);

    const [mail, ...others] = await mailsTo(app, ana.email);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe('Verifica tu email de Escudo');
    expect(mail!.text).toContain('válido por 48 horas y de un solo uso');
    const [token] = await newLinks(ana.email);
    expect(mail!.text).toContain(`http://escudo.test${VERIFY_PATH}${token}`);

    const opened = await open(token!);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ status: 'verified', email: ana.email });
    expect((await details(ana.token)).email_verified).toBe(true);

    // a second time: a clear refusal, and the account stays as it is
    const again = await open(token!);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'EMAIL_LINK_INVALID',
      message: expect.stringContaining('ya fue utilizado'),
    });
    expect((await details(ana.token)).email_verified).toBe(true);
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
    await open((await newLinks(ana.email))[0]!);
    const before = (await mailsTo(app, ana.email)).length;
    const answer = await resend(ana.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'already_verified', email: ana.email });
    expect(await mailsTo(app, ana.email)).toHaveLength(before);
  });

  it('needs a session', async () => {
    expect((await app.post('/api/app/account/resendVerification', {})).statusCode).toBe(401);
  });
});

describe('changing the e-mail (app/account/changeEmail)', () => {
  it('asks for the password, verifies the new address, changes only when its link is opened, and tells the old one', async () => {
    const ana = await signUpUser(app);
    const { id } = await details(ana.token);
    const newEmail = freshEmail('ana.nueva');

    const asked = await changeEmail(ana.token, { email: newEmail, password: ana.password });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ status: 'sent', email: newEmail });
    const [mail] = await mailsTo(app, newEmail);
    expect(mail!.subject).toBe('Confirma tu nuevo email de Escudo');
    expect(mail!.text).toContain('Tu email no cambiará hasta que lo abras');

    // nothing changed yet: the old e-mail still signs in
    expect((await details(ana.token)).email).toBe(ana.email);
    expect((await app.post('/api/auth/login', { email: ana.email, password: ana.password })).statusCode).toBe(
      200,
    );

    const [token] = await newLinks(newEmail);
    const opened = await open(token!);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ status: 'email_changed', email: newEmail });
    expect(await details(ana.token)).toMatchObject({ id, email: newEmail, email_verified: true });
    expect((await app.post('/api/auth/login', { email: newEmail, password: ana.password })).statusCode).toBe(
      200,
    );
    expect((await app.post('/api/auth/login', { email: ana.email, password: ana.password })).statusCode).toBe(
      401,
    );

    // the old address is told what happened, with the new one, and no link of ours but the reset page
    const notice = (await mailsTo(app, ana.email)).find((m) => m.subject?.startsWith('Se cambió el email'));
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).not.toContain(VERIFY_PATH);
    // and the account's log has it
    const activity = await app.post('/api/app/account/activity', {}, ana.token);
    // (the sign-in with the new e-mail just above came after it)
    const entries = activity.json().activity as { kind: string }[];
    expect(entries.find((entry) => entry.kind === 'email_changed')).toMatchObject({
      kind: 'email_changed',
      detail: `${ana.email} → ${newEmail}`,
    });

    // the link works once
    expect((await open(token!)).json()).toMatchObject({ code: 'EMAIL_LINK_INVALID' });
  });

  it('a wrong password changes nothing and sends nothing; five make the session wait', async () => {
    const ana = await signUpUser(app);
    const newEmail = freshEmail();
    for (let i = 0; i < 5; i += 1) {
      const wrong = await changeEmail(ana.token, { email: newEmail, password: 'no-es-la-clave' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 'WRONG_PASSWORD',
        fields: { password: expect.any(String) },
      });
    }
    const held = await changeEmail(ana.token, { email: newEmail, password: ana.password });
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(await mailsTo(app, newEmail)).toHaveLength(0);
    expect((await details(ana.token)).email).toBe(ana.email);
  });

  it("refuses another account's e-mail (any case) and the own one, sending nothing", async () => {
    const ana = await signUpUser(app);
    const luis = await signUpUser(app, { name: 'Luis Díaz' });
    const before = (await mailsTo(app, luis.email)).length;
    const taken = await changeEmail(ana.token, { email: luis.email.toUpperCase(), password: ana.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      fields: { email: 'Ya existe una cuenta registrada con este email.' },
    });
    expect(await mailsTo(app, luis.email)).toHaveLength(before);

    const own = await changeEmail(ana.token, { email: ana.email.toUpperCase(), password: ana.password });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { email: 'Ese ya es el email de tu cuenta.' },
    });
    expect((await details(ana.token)).email).toBe(ana.email);
  });

  it('a link whose address another account took meanwhile changes nothing', async () => {
    const ana = await signUpUser(app);
    const newEmail = freshEmail();
    await changeEmail(ana.token, { email: newEmail, password: ana.password });
    const [token] = await newLinks(newEmail);
    await signUpUser(app, { email: newEmail });
    const opened = await open(token!);
    expect(opened.statusCode).toBe(409);
    expect(opened.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    expect((await details(ana.token)).email).toBe(ana.email);
  });

  it('a newer change ends the older link, and a verify link of the old address ends with the change', async () => {
    const ana = await signUpUser(app);
    const [verifyOld] = await newLinks(ana.email);
    const first = freshEmail();
    const second = freshEmail();
    await changeEmail(ana.token, { email: first, password: ana.password });
    await changeEmail(ana.token, { email: second, password: ana.password });
    const [firstToken] = await newLinks(first);
    const [secondToken] = await newLinks(second);
    expect((await open(firstToken!)).json()).toMatchObject({ code: 'EMAIL_LINK_INVALID' });
    expect((await open(secondToken!)).statusCode).toBe(200);
    expect((await open(verifyOld!)).json()).toMatchObject({ code: 'EMAIL_LINK_INVALID' });
    expect((await details(ana.token)).email).toBe(second);
  });

  it('needs a session', async () => {
    const answer = await app.post('/api/app/account/changeEmail', { email: freshEmail(), password: 'x' });
    expect(answer.statusCode).toBe(401);
  });
});

describe('whether an e-mail has an account is asked only so often (issue 29 item 10)', () => {
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
