import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { errorMessages } from '@escudo/contract';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { users } from '../accounts/accounts.schema.ts';
import { emailVerifications } from './auth.schema.ts';
import {
  everythingRead,
  isVerificationMail,
  linkTokensTo,
  mailsTo as mailsOf,
  verifyEmailOf,
} from '../../../test/outbox.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const countUsers = async () => (await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

/** the e-mails in the outbox, oldest first, parsed as a mail client would */
const mailsTo = (email: string) => mailsOf(app, email);

/** the reset link of the newest e-mail to `email` in the outbox */
async function resetTokenFor(email: string): Promise<string> {
  // the newest e-mail with a link: a security notice may arrive after it
  const mails = (await mailsTo(email)).filter((mail) => mail.text?.includes('/resetpass/'));
  const match = /\/resetpass\/([\w-]+)/.exec(mails.at(-1)?.text ?? '');
  if (!match?.[1]) throw new Error(`no reset e-mail for ${email}`);
  return match[1];
}

describe('sign-up', () => {
  it('stands when a feature reacting to it fails: the account is made, signed in, and the failure is logged', async () => {
    const lines: string[] = [];
    const logStream = { write: (line: string) => void lines.push(line) };
    const own = await createTestApp({ LOG_LEVEL: 'error' }, undefined, { logStream });
    try {
      own.ctx.events.on('userSignedUp', 'broken-feature', async () => {
        throw new Error('the subscriber broke');
      });
      const account = await signUpUser(own, { email: 'resiste@example.cl' });
      const details = await own.post('/api/app/user/details', {}, account.token);
      expect(details.statusCode).toBe(200);
      expect(details.json().user).toMatchObject({
        email: 'resiste@example.cl',
        plan: { plan: { name: 'Esencial' } },
      });
      const failure = lines.map((line) => JSON.parse(line)).find((line) => line.feature === 'broken-feature');
      expect(failure).toMatchObject({ event: 'userSignedUp', err: { message: 'the subscriber broke' } });
    } finally {
      await own.close();
    }
  });

  it('creates the account, signs it in and gives it the starter plan', async () => {
    const response = await app.post('/api/auth/signUpByCode', {
      name: 'Pedro Soto',
      email: 'Pedro.Soto@Example.cl',
      password: 'clave-de-pedro',
      security_code: '',
      sponsor_code: null,
    });
    expect(response.statusCode).toBe(201);
    const { access_token } = response.json();
    const details = await app.post('/api/app/user/details', {}, access_token);
    expect(details.statusCode).toBe(200);
    const { user } = details.json();
    expect(user).toMatchObject({ name: 'Pedro Soto', email: 'Pedro.Soto@Example.cl', dispositivos: [] });
    expect(user.plan.plan.name).toBe('Esencial');
    expect(user.info.codigo_invitacion).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('refuses an e-mail already taken, whatever its case, and writes nothing', async () => {
    const before = await countUsers();
    const response = await app.post('/api/auth/signUpByCode', {
      name: 'Otro Pedro',
      email: 'pedro.soto@EXAMPLE.CL',
      password: 'otra-clave-123',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'Ya existe una cuenta registrada con este email.',
    });
    expect(await countUsers()).toBe(before);
  });

  it.each([
    ['an unknown field', { name: 'A', email: 'a@b.cl', password: '12345678', admin: true }, 'admin'],
    ['a wrong type', { name: 42, email: 'a@b.cl', password: '12345678' }, 'name'],
    ['an over-long name', { name: 'x'.repeat(500), email: 'a@b.cl', password: '12345678' }, 'name'],
    ['an invalid e-mail', { name: 'A', email: 'no-es-email', password: '12345678' }, 'email'],
    ['a short password', { name: 'A', email: 'a@b.cl', password: '1234' }, 'password'],
    ['an over-long password', { name: 'A', email: 'a@b.cl', password: 'x'.repeat(200) }, 'password'],
  ])('answers 400 for %s and writes nothing', async (_label, body, field) => {
    const before = await countUsers();
    const response = await app.post('/api/auth/signUpByCode', body);
    expect(response.statusCode).toBe(400);
    const error = response.json();
    expect(error.code).toBe('VALIDATION');
    expect(error.fields).toHaveProperty(field);
    expect(await countUsers()).toBe(before);
  });

  it('answers 400 for malformed JSON and writes nothing', async () => {
    const before = await countUsers();
    const response = await app.post('/api/auth/signUpByCode', '{"name": "A", ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'MALFORMED_JSON',
      message: 'El cuerpo de la solicitud no es un JSON válido.',
    });
    expect(await countUsers()).toBe(before);
  });

  it('stores an argon2id hash, never the password', async () => {
    const { email, password } = await signUpUser(app);
    const [row] = await app.ctx.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.passwordHash).not.toContain(password);
  });
});

describe('sign-in', () => {
  it('gives a token for the right password, with the e-mail in any case', async () => {
    const { email, password } = await signUpUser(app);
    const response = await app.post('/api/auth/login', { email: email.toUpperCase(), password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token_type: 'bearer', access_token: expect.any(String) });
  });

  it('answers 401 with the spec message for a wrong password or an unknown e-mail', async () => {
    const { email } = await signUpUser(app);
    for (const body of [
      { email, password: 'incorrecta' },
      { email: 'nadie@example.cl', password: 'incorrecta' },
    ]) {
      const response = await app.post('/api/auth/login', body);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: 'Email o contraseña incorrectos. Por favor verifica los datos ingresados.',
      });
    }
  });

  it('after 5 failures from one address, that address waits 15 minutes for that e-mail, even with the right password', async () => {
    const { email, password } = await signUpUser(app);
    for (let i = 0; i < 5; i += 1) {
      expect((await app.post('/api/auth/login', { email, password: `mala-${i}` })).statusCode).toBe(401);
    }
    const locked = await app.post('/api/auth/login', { email, password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(locked.json().message).toBe(
      'Demasiados intentos fallidos de inicio de sesión. Por favor espera 15 minutos e inténtalo nuevamente.',
    );
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    // other accounts are not affected
    const other = await signUpUser(app);
    expect(
      (await app.post('/api/auth/login', { email: other.email, password: other.password })).statusCode,
    ).toBe(200);

    app.clock.advance(15 * 60 * 1000 + 1000);
    expect((await app.post('/api/auth/login', { email, password })).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const { email, password } = await signUpUser(app);
    for (let i = 0; i < 4; i += 1) await app.post('/api/auth/login', { email, password: 'mala' });
    expect((await app.post('/api/auth/login', { email, password })).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) await app.post('/api/auth/login', { email, password: 'mala' });
    expect((await app.post('/api/auth/login', { email, password })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('refuses calls without a token, with an unknown one, or with a malformed header', async () => {
    for (const token of [undefined, 'no-existe']) {
      const response = await app.post('/api/app/user/details', {}, token);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/app/user/details',
      headers: { authorization: 'Basic abc' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('logout revokes the token used, and only that one', async () => {
    const { email, password, token } = await signUpUser(app);
    const second = (await app.post('/api/auth/login', { email, password })).json().access_token;
    // a call without any body or content type, as a plain fetch() sends it
    const logout = await app.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(204);
    expect((await app.post('/api/app/user/details', {}, token)).statusCode).toBe(401);
    expect((await app.post('/api/app/user/details', {}, second)).statusCode).toBe(200);
  });

  it('a token expires after 30 days', async () => {
    const { token } = await signUpUser(app);
    app.clock.advance(29 * 24 * 60 * 60 * 1000);
    expect((await app.post('/api/app/user/details', {}, token)).statusCode).toBe(200);
    app.clock.advance(2 * 24 * 60 * 60 * 1000);
    expect((await app.post('/api/app/user/details', {}, token)).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a link that tells the e-mail, sets the new password once, and signs out everywhere', async () => {
    const { email, password, token: oldSession } = await signUpUser(app);
    expect((await app.post('/api/auth/forgotPass', { email: email.toUpperCase() })).statusCode).toBe(200);
    // the sign-up's verification e-mail, sent without waiting, may be written after it
    const mail = (await mailsTo(email)).filter((sent) => !isVerificationMail(sent)).at(-1)!;
    expect(mail.subject).toBe('Reestablece tu contraseña de Escudo');
    expect(mail.text).toContain('válido por 1 hora');
    expect(mail.html).toContain('href="http://escudo.test/resetpass/');
    const token = await resetTokenFor(email);

    const find = await app.post('/api/auth/find', { token });
    expect(find.statusCode).toBe(200);
    expect(find.json()).toEqual({ data: { email } });

    const reset = await app.post('/api/auth/resetPass', {
      email,
      password: 'nueva-clave-2026',
      password_confirmation: 'nueva-clave-2026',
      token,
    });
    expect(reset.statusCode).toBe(200);
    expect((await app.post('/api/auth/login', { email, password })).statusCode).toBe(401);
    expect((await app.post('/api/auth/login', { email, password: 'nueva-clave-2026' })).statusCode).toBe(200);
    expect((await app.post('/api/app/user/details', {}, oldSession)).statusCode).toBe(401);

    const again = await app.post('/api/auth/resetPass', {
      email,
      password: 'otra-clave-2026',
      password_confirmation: 'otra-clave-2026',
      token,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_TOKEN_INVALID');
    expect((await app.post('/api/auth/find', { token })).json().code).toBe('RESET_TOKEN_INVALID');
    expect((await app.post('/api/auth/login', { email, password: 'nueva-clave-2026' })).statusCode).toBe(200);
  });

  it('a reset ends every other link of the account', async () => {
    const { email } = await signUpUser(app);
    await app.post('/api/auth/forgotPass', { email });
    const first = await resetTokenFor(email);
    await app.post('/api/auth/forgotPass', { email });
    const second = await resetTokenFor(email);
    expect(second).not.toBe(first);
    const reset = (token: string, password: string) =>
      app.post('/api/auth/resetPass', { email, password, password_confirmation: password, token });

    expect((await reset(first, 'nueva-clave-2026')).statusCode).toBe(200);
    const late = await reset(second, 'clave-del-ladron');
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('RESET_TOKEN_INVALID');
    expect((await app.post('/api/auth/find', { token: second })).json().code).toBe('RESET_TOKEN_INVALID');
    expect((await app.post('/api/auth/login', { email, password: 'nueva-clave-2026' })).statusCode).toBe(200);
  });

  it('a reset ends the pending "Verifica tu email" too: a thief who kept that link cannot open it after', async () => {
    // never verified: the sign-up's link waits in the mailbox, where someone with her phone for a
    // moment saw it (opening it would drop the password and answer a token that sets his own)
    const { email } = await signUpUser(app);
    const [kept] = await linkTokensTo(app, email, '/verificar-email/');

    // the owner resets her password
    await app.post('/api/auth/forgotPass', { email });
    const reset = await app.post('/api/auth/resetPass', {
      email,
      password: 'nueva-clave-2026',
      password_confirmation: 'nueva-clave-2026',
      token: await resetTokenFor(email),
    });
    expect(reset.statusCode, reset.body).toBe(200);

    // his link is refused as a used one is, and it is spent, not only outdone by the reset's proof
    const opened = await app.post('/api/auth/verifyEmail', { token: kept });
    expect(opened.statusCode).toBe(400);
    expect(opened.json()).toMatchObject({
      code: 'EMAIL_LINK_INVALID',
      message: errorMessages.EMAIL_LINK_INVALID,
    });
    expect(opened.json()).not.toHaveProperty('password_token');
    const [owner] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const links = await app.ctx.db
      .select({ usedAt: emailVerifications.usedAt })
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, owner!.id));
    expect(links).toEqual([{ usedAt: expect.any(Date) }]);
    expect((await app.post('/api/auth/login', { email, password: 'nueva-clave-2026' })).statusCode).toBe(200);
  });

  it('an expired link does not change the password', async () => {
    const { email, password } = await signUpUser(app);
    await app.post('/api/auth/forgotPass', { email });
    const token = await resetTokenFor(email);
    app.clock.advance(61 * 60 * 1000);
    const reset = await app.post('/api/auth/resetPass', {
      email,
      password: 'nueva-clave-2026',
      password_confirmation: 'nueva-clave-2026',
      token,
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toMatch(/no es válido, ya fue utilizado o ha expirado/);
    expect((await app.post('/api/auth/login', { email, password })).statusCode).toBe(200);
  });

  it('refuses a link used with another e-mail, and passwords that do not match', async () => {
    const victim = await signUpUser(app);
    const attacker = await signUpUser(app);
    await app.post('/api/auth/forgotPass', { email: attacker.email });
    const token = await resetTokenFor(attacker.email);
    const wrongEmail = await app.post('/api/auth/resetPass', {
      email: victim.email,
      password: 'robada-123456',
      password_confirmation: 'robada-123456',
      token,
    });
    expect(wrongEmail.statusCode).toBe(400);
    expect(
      (await app.post('/api/auth/login', { email: victim.email, password: victim.password })).statusCode,
    ).toBe(200);

    const mismatch = await app.post('/api/auth/resetPass', {
      email: attacker.email,
      password: 'nueva-clave-1',
      password_confirmation: 'nueva-clave-2',
      token,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields.password_confirmation).toBe(
      'Las contraseñas no coinciden, por favor verifica los datos ingresados.',
    );
  });

  it('answers the same for an unknown e-mail, and sends nothing', async () => {
    const response = await app.post('/api/auth/forgotPass', { email: 'nadie@example.cl' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    // counted by address: the new-browser notices of earlier tests' sign-ins are sent after their
    // answers, so the outbox as a whole may still grow
    expect(await mailsTo('nadie@example.cl')).toEqual([]);
  });
});

describe('password reset: what its e-mail prints', () => {
  it('to an address never verified, it names nobody: whoever signed up typed the name', async () => {
    const camila = await signUpUser(app, { name: 'Camila Rojas' });
    await app.post('/api/auth/forgotPass', { email: camila.email });
    const [mail, ...more] = (await mailsTo(camila.email)).filter((sent) => !isVerificationMail(sent));
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Reestablece tu contraseña de Escudo');
    expect(mail!.text).toMatch(/^Hola:$/m);
    expect(mail!.html).toContain('<p>Hola:</p>');
    expect(everythingRead(mail!)).not.toContain('Camila');
    expect(everythingRead(mail!)).not.toContain('Rojas');

    // once she has proven the mailbox, the name on her account is hers to read
    await verifyEmailOf(app, camila);
    await app.post('/api/auth/forgotPass', { email: camila.email });
    const resets = (await mailsTo(camila.email)).filter((sent) => sent.subject === mail!.subject);
    expect(resets).toHaveLength(2);
    expect(resets[1]!.text).toMatch(/^Hola Camila Rojas:$/m);
  });
});
