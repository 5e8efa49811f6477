/**
 * Changing the account's e-mail (decision 050), written as the attacks it must stop: a thief with a
 * session and the password asks for his own address; the owner is told at once, can cancel, and any
 * recovery of theirs (a reset, a new password, closing the other sessions) spends the thief's change
 * and every link he kept.
 * Through the API on a real database, the e-mails read from the outbox, the clock moved for the wait.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EMAIL_CHANGE_WAIT_MS, EMAIL_VERIFICATION_TTL_MS, errorMessages } from '@escudo/contract';
import { createTestApp, randomAddress, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { linkTokensTo, mailsTo, verifyEmailOf } from '../../../test/outbox.ts';
import { users } from '../accounts/accounts.schema.ts';
import { applyDueEmailChanges } from './email-change.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const MINUTE_MS = 60 * 1000;
const THIEF = '203.0.113.66';
const freshEmail = (name = 'nuevo') => `${name}.${randomBytes(4).toString('hex')}@example.cl`;

interface Details {
  id: number;
  email: string;
  email_verified: boolean;
  email_change: {
    email: string;
    applies_at: string | null;
    new_address_confirmed: boolean;
    confirmed: boolean;
  } | null;
}
async function details(token: string): Promise<Details> {
  const response = await app.post('/api/app/user/details', {}, token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { user: Details }).user;
}

const changeEmail = (token: string, body: { email: string; password: string }, from?: string) =>
  app.post('/api/app/account/changeEmail', body, token, from);
const confirmNew = (token: string, linkToken: string) =>
  app.post('/api/app/account/confirmEmailChange', { token: linkToken }, token);
const findAsCurrent = (linkToken: string) => app.post('/api/auth/emailChange/find', { token: linkToken });
const answerAsCurrent = (linkToken: string, answer: 'confirm' | 'cancel') =>
  app.post('/api/auth/emailChange/answer', { token: linkToken, answer });
const signIn = (email: string, password: string, from?: string) =>
  app.post('/api/auth/login', { email, password }, undefined, from);

/** the newest link to `email` under `path` */
async function newestLink(email: string, path: string) {
  const tokens = await linkTokensTo(app, email, path);
  const token = tokens.at(-1);
  if (!token) throw new Error(`no ${path} link to ${email}`);
  return token;
}
const newAddressLink = (email: string) => newestLink(email, '/confirmar-email/');
const currentAddressLink = (email: string) => newestLink(email, '/cambio-de-email/');

/** an account whose address its owner verified, with a session of the owner's */
async function verifiedOwner() {
  const account = await signUpUser(app);
  return { ...account, token: await verifyEmailOf(app, account) };
}

describe('asking for a change', () => {
  it('needs the password; the new address gets a link naming nobody, the current address is told at once', async () => {
    const ana = await verifiedOwner();
    const newEmail = freshEmail('ana.nueva');
    const asked = await changeEmail(ana.token, { email: newEmail, password: ana.password }, '198.51.100.7');
    expect(asked.statusCode, asked.body).toBe(200);
    const appliesAt = new Date(app.clock.now.getTime() + EMAIL_CHANGE_WAIT_MS).toISOString();
    expect(asked.json()).toEqual({ status: 'sent', email: newEmail, applies_at: appliesAt });

    const [link, ...moreToNew] = await mailsTo(app, newEmail);
    expect(moreToNew).toHaveLength(0);
    expect(link!.subject).toBe('Confirma tu nuevo email de Escudo');
    expect(link!.text).toMatch(/^Hola:\n/);
    expect(link!.text).not.toContain(ana.name);
    expect(link!.text).toMatch(/http:\/\/escudo\.test\/confirmar-email\/[\w-]{43}/);

    const notice = (await mailsTo(app, ana.email)).at(-1)!;
    expect(notice.subject).toBe('Se pidió cambiar el email de tu cuenta - Escudo');
    expect(notice.text).toContain(`Hola ${ana.name}:`);
    expect(notice.text).toContain(`a ${newEmail}.`);
    expect(notice.text).toContain('Desde: 198.51.100.7');
    expect(notice.text).toContain('cancélalo en este enlace y cambia tu contraseña');
    expect(notice.text).toMatch(/http:\/\/escudo\.test\/cambio-de-email\/[\w-]{43}/);
    // the current address's link is not the new address's
    expect(await currentAddressLink(ana.email)).not.toBe(await newAddressLink(newEmail));

    // nothing changed: the panel shows the change under way
    expect(await details(ana.token)).toMatchObject({
      email: ana.email,
      email_change: {
        email: newEmail,
        applies_at: appliesAt,
        new_address_confirmed: false,
        confirmed: false,
      },
    });
    expect((await signIn(ana.email, ana.password)).statusCode).toBe(200);
    const activity = (await app.post('/api/app/account/activity', {}, ana.token)).json().activity as {
      kind: string;
      detail: string | null;
    }[];
    expect(activity.find((entry) => entry.kind === 'email_change_requested')?.detail).toBe(newEmail);
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
    expect((await details(ana.token)).email_change).toBeNull();
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
    expect((await details(ana.token)).email_change).toBeNull();
  });

  it('needs a session; answers with bad input change nothing', async () => {
    expect(
      (await app.post('/api/app/account/changeEmail', { email: freshEmail(), password: 'x' })).statusCode,
    ).toBe(401);
    expect(
      (await app.post('/api/app/account/confirmEmailChange', { token: 'x'.repeat(43) })).statusCode,
    ).toBe(401);
    const odd = await app.post('/api/auth/emailChange/answer', { token: 'x'.repeat(43), answer: 'quizas' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toMatchObject({ code: 'VALIDATION' });
    const forged = await answerAsCurrent(randomBytes(32).toString('base64url'), 'confirm');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'EMAIL_LINK_INVALID' });
  });
});

describe('when it applies', () => {
  it('with a verified current address: the new address proven, it waits 7 days unless that address confirms', async () => {
    const ana = await verifiedOwner();
    const newEmail = freshEmail();
    await changeEmail(ana.token, { email: newEmail, password: ana.password });
    const proven = await confirmNew(ana.token, await newAddressLink(newEmail));
    expect(proven.statusCode, proven.body).toBe(200);
    expect(proven.json()).toMatchObject({
      status: 'waiting',
      email: newEmail,
      applies_at: expect.any(String),
    });
    // opening it again says where it stands
    expect((await confirmNew(ana.token, await newAddressLink(newEmail))).json()).toMatchObject({
      status: 'waiting',
    });
    expect((await details(ana.token)).email_change).toMatchObject({ new_address_confirmed: true });

    // a minute short of the wait, the job leaves it; after it, the job applies it
    app.clock.advance(EMAIL_CHANGE_WAIT_MS - MINUTE_MS);
    await applyDueEmailChanges(app.ctx);
    expect((await details(ana.token)).email).toBe(ana.email);
    app.clock.advance(2 * MINUTE_MS);
    await applyDueEmailChanges(app.ctx);
    expect(await details(ana.token)).toMatchObject({
      email: newEmail,
      email_verified: true,
      email_change: null,
    });
    expect((await signIn(newEmail, ana.password)).statusCode).toBe(200);
    expect((await signIn(ana.email, ana.password)).statusCode).toBe(401);
    const told = (await mailsTo(app, ana.email)).find((mail) =>
      mail.subject?.startsWith('Se cambió el email'),
    );
    expect(told?.text).toContain(newEmail);
  });

  it('the current address confirms: it applies as soon as the new address is proven, in either order', async () => {
    for (const order of ['current first', 'new first'] as const) {
      const ana = await verifiedOwner();
      const newEmail = freshEmail();
      await changeEmail(ana.token, { email: newEmail, password: ana.password });
      const current = await currentAddressLink(ana.email);
      const described = await findAsCurrent(current);
      expect(described.json().change).toMatchObject({
        old_email: ana.email,
        new_email: newEmail,
        new_address_confirmed: false,
        confirmed: false,
      });
      if (order === 'current first') {
        expect((await answerAsCurrent(current, 'confirm')).json()).toEqual({
          status: 'confirmed',
          email: newEmail,
        });
        expect((await confirmNew(ana.token, await newAddressLink(newEmail))).json()).toMatchObject({
          status: 'email_changed',
        });
      } else {
        expect((await confirmNew(ana.token, await newAddressLink(newEmail))).json()).toMatchObject({
          status: 'waiting',
        });
        expect((await answerAsCurrent(current, 'confirm')).json()).toEqual({
          status: 'email_changed',
          email: newEmail,
        });
      }
      expect((await details(ana.token)).email).toBe(newEmail);
      // the change is over: its links say so
      expect((await findAsCurrent(current)).json()).toMatchObject({
        code: 'EMAIL_LINK_INVALID',
        message: expect.stringContaining('ya no está en curso'),
      });
    }
  });

  it('a current address never verified has no say: the change applies when the new address is proven', async () => {
    const ana = await signUpUser(app);
    const newEmail = freshEmail();
    const asked = await changeEmail(ana.token, { email: newEmail, password: ana.password });
    expect(asked.json()).toMatchObject({ applies_at: null });
    const notice = (await mailsTo(app, ana.email)).at(-1)!;
    expect(notice.subject).toBe('Se pidió cambiar el email de tu cuenta - Escudo');
    // not verified: it names nobody
    expect(notice.text).toMatch(/^Hola:\n/);
    expect(notice.text).toContain('se aplicará cuando se confirme el nuevo email');
    const proven = await confirmNew(ana.token, await newAddressLink(newEmail));
    expect(proven.json()).toEqual({ status: 'email_changed', email: newEmail, applies_at: null });
    expect(await details(ana.token)).toMatchObject({ email: newEmail, email_verified: true });
  });

  it('the new address’s link needs a session of the account that asked: a stranger’s mailbox cannot take it', async () => {
    const ana = await signUpUser(app);
    const luis = await signUpUser(app, { name: 'Luis Díaz' });
    const newEmail = freshEmail();
    await changeEmail(ana.token, { email: newEmail, password: ana.password });
    const link = await newAddressLink(newEmail);
    const elsewhere = await confirmNew(luis.token, link);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({
      code: 'EMAIL_LINK_INVALID',
      message: expect.stringContaining('otra cuenta'),
    });
    expect((await details(ana.token)).email).toBe(ana.email);
    expect((await details(luis.token)).email).toBe(luis.email);
    // the link still works for its own account
    expect((await confirmNew(ana.token, link)).json()).toMatchObject({ status: 'email_changed' });
  });

  it('a newer change replaces the older one; a new address taken meanwhile changes nothing', async () => {
    const ana = await signUpUser(app);
    const first = freshEmail();
    const second = freshEmail();
    await changeEmail(ana.token, { email: first, password: ana.password });
    const firstLink = await newAddressLink(first);
    await changeEmail(ana.token, { email: second, password: ana.password });
    expect((await confirmNew(ana.token, firstLink)).json()).toMatchObject({ code: 'EMAIL_LINK_INVALID' });
    expect((await details(ana.token)).email_change?.email).toBe(second);

    await signUpUser(app, { email: second });
    const taken = await confirmNew(ana.token, await newAddressLink(second));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    expect(await details(ana.token)).toMatchObject({ email: ana.email, email_change: null });
  });

  it('a new address’s link not opened in 48 hours ends; the profile can cancel one under way', async () => {
    const ana = await signUpUser(app);
    const newEmail = freshEmail();
    await changeEmail(ana.token, { email: newEmail, password: ana.password });
    app.clock.advance(EMAIL_VERIFICATION_TTL_MS + MINUTE_MS);
    await applyDueEmailChanges(app.ctx);
    expect((await details(ana.token)).email_change).toBeNull();
    expect((await confirmNew(ana.token, await newAddressLink(newEmail))).json()).toMatchObject({
      code: 'EMAIL_LINK_INVALID',
    });

    await changeEmail(ana.token, { email: freshEmail(), password: ana.password });
    const cancelled = await app.post('/api/app/account/cancelEmailChange', {}, ana.token);
    expect(cancelled.json()).toEqual({ status: 'cancelled' });
    expect((await details(ana.token)).email_change).toBeNull();
    const again = await app.post('/api/app/account/cancelEmailChange', {}, ana.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'EMAIL_CHANGE_NOT_PENDING',
      message: 'No hay un cambio de email en curso.',
    });
  });
});

describe('a thief with a session and the password', () => {
  /** the owner's verified account; the thief signs in with the stolen password and asks for his address */
  async function thiefAsks() {
    const owner = await verifiedOwner();
    const thief = (await signIn(owner.email, owner.password, THIEF)).json().access_token as string;
    const thiefEmail = freshEmail('ladron');
    expect(
      (await changeEmail(thief, { email: thiefEmail, password: owner.password }, THIEF)).statusCode,
    ).toBe(200);
    // he proves his own address at once: the change now only waits
    expect((await confirmNew(thief, await newAddressLink(thiefEmail))).json()).toMatchObject({
      status: 'waiting',
    });
    return { owner, thief, thiefEmail };
  }

  /** 7 days on, the job has run: the account's address is still the owner's, and his link is dead */
  async function expectOwnerKeepsTheAccount(
    owner: { email: string },
    ownerToken: string,
    thiefEmail: string,
  ) {
    app.clock.advance(EMAIL_CHANGE_WAIT_MS + MINUTE_MS);
    await applyDueEmailChanges(app.ctx);
    expect(await details(ownerToken)).toMatchObject({ email: owner.email, email_change: null });
    expect((await confirmNew(ownerToken, await newAddressLink(thiefEmail))).json()).toMatchObject({
      code: 'EMAIL_LINK_INVALID',
    });
    // and a reset goes to the owner's mailbox, not his
    expect((await app.post('/api/auth/forgotPass', { email: thiefEmail })).statusCode).toBe(200);
    expect(await linkTokensTo(app, thiefEmail, '/resetpass/')).toHaveLength(0);
  }

  it('the owner cancels from the e-mail: the change ends, and so do his session and every other', async () => {
    const { owner, thief, thiefEmail } = await thiefAsks();
    const cancelled = await answerAsCurrent(await currentAddressLink(owner.email), 'cancel');
    expect(cancelled.json()).toEqual({ status: 'cancelled', email: thiefEmail });
    expect((await app.post('/api/app/user/details', {}, thief)).statusCode).toBe(401);
    expect((await app.post('/api/app/user/details', {}, owner.token)).statusCode).toBe(401);
    const ownerAgain = (await signIn(owner.email, owner.password)).json().access_token as string;
    const activity = (await app.post('/api/app/account/activity', {}, ownerAgain)).json().activity as {
      kind: string;
    }[];
    expect(activity.some((entry) => entry.kind === 'email_change_cancelled')).toBe(true);
    await expectOwnerKeepsTheAccount(owner, ownerAgain, thiefEmail);
  });

  it('the owner resets the password: the thief’s change is spent with every other link', async () => {
    const { owner, thief, thiefEmail } = await thiefAsks();
    expect((await app.post('/api/auth/forgotPass', { email: owner.email })).statusCode).toBe(200);
    const reset = await app.post('/api/auth/resetPass', {
      email: owner.email,
      password: 'la-nueva-clave-del-dueno',
      password_confirmation: 'la-nueva-clave-del-dueno',
      token: await newestLink(owner.email, '/resetpass/'),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await app.post('/api/app/user/details', {}, thief)).statusCode).toBe(401);
    expect((await findAsCurrent(await currentAddressLink(owner.email))).json()).toMatchObject({
      code: 'EMAIL_LINK_INVALID',
    });
    const ownerAgain = (await signIn(owner.email, 'la-nueva-clave-del-dueno')).json().access_token as string;
    await expectOwnerKeepsTheAccount(owner, ownerAgain, thiefEmail);
  });

  it('the owner changes the password, or closes the other sessions: the thief’s change is spent too', async () => {
    for (const recovery of ['changePassword', 'revokeOtherSessions'] as const) {
      const { owner, thief, thiefEmail } = await thiefAsks();
      const done =
        recovery === 'changePassword'
          ? await app.post(
              '/api/app/account/changePassword',
              { current_password: owner.password, password: 'la-nueva-clave-del-dueno' },
              owner.token,
            )
          : await app.post('/api/app/account/revokeOtherSessions', {}, owner.token);
      expect(done.statusCode, done.body).toBe(200);
      expect((await app.post('/api/app/user/details', {}, thief)).statusCode).toBe(401);
      expect((await details(owner.token)).email_change).toBeNull();
      await expectOwnerKeepsTheAccount(owner, owner.token, thiefEmail);
    }
  });

  it('the owner changes the password, or closes the other sessions: the reset and verification links he kept are refused', async () => {
    for (const recovery of ['changePassword', 'revokeOtherSessions'] as const) {
      // never verified, so that the sign-up's "Verifica tu email" still waits in her mailbox
      const owner = await signUpUser(app);
      const thief = (await signIn(owner.email, owner.password, THIEF)).json().access_token as string;
      // her phone in his hands for a moment: he asks for a reset and keeps both links of her mailbox;
      // either would let him choose the password (the verification page answers a token that sets one)
      const asked = await app.post('/api/auth/forgotPass', { email: owner.email }, undefined, THIEF);
      expect(asked.statusCode).toBe(200);
      const resetLink = await newestLink(owner.email, '/resetpass/');
      const verifyLink = await newestLink(owner.email, '/verificar-email/');

      const password = 'la-nueva-clave-del-dueno';
      const done =
        recovery === 'changePassword'
          ? await app.post(
              '/api/app/account/changePassword',
              { current_password: owner.password, password },
              owner.token,
            )
          : await app.post('/api/app/account/revokeOtherSessions', {}, owner.token);
      expect(done.statusCode, done.body).toBe(200);
      expect((await app.post('/api/app/user/details', {}, thief)).statusCode).toBe(401);

      // his links, opened now, are refused as a link already used is
      for (const refused of [
        await app.post('/api/auth/find', { token: resetLink }),
        await app.post('/api/auth/resetPass', {
          email: owner.email,
          password: 'clave-del-ladron',
          password_confirmation: 'clave-del-ladron',
          token: resetLink,
        }),
      ]) {
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({
          code: 'RESET_TOKEN_INVALID',
          message: errorMessages.RESET_TOKEN_INVALID,
        });
      }
      const opened = await app.post('/api/auth/verifyEmail', { token: verifyLink });
      expect(opened.statusCode).toBe(400);
      expect(opened.json()).toMatchObject({
        code: 'EMAIL_LINK_INVALID',
        message: errorMessages.EMAIL_LINK_INVALID,
      });
      expect(opened.json()).not.toHaveProperty('password_token');

      // the account is as she left it: her session, her password, and no proof of the mailbox by him
      expect(await details(owner.token)).toMatchObject({ email: owner.email, email_verified: false });
      const ownPassword = recovery === 'changePassword' ? password : owner.password;
      expect((await signIn(owner.email, ownPassword)).statusCode).toBe(200);
      expect((await signIn(owner.email, 'clave-del-ladron')).statusCode).toBe(401);
    }
  });
});

describe('a reset link works only for the address it was sent to', () => {
  it('after the e-mail changed, the old mailbox’s reset link opens nothing and tells nothing', async () => {
    const ana = await signUpUser(app);
    expect(
      (await app.post('/api/auth/forgotPass', { email: ana.email }, undefined, randomAddress())).statusCode,
    ).toBe(200);
    const oldLink = await newestLink(ana.email, '/resetpass/');
    const newEmail = freshEmail();
    await changeEmail(ana.token, { email: newEmail, password: ana.password });
    expect((await confirmNew(ana.token, await newAddressLink(newEmail))).json()).toMatchObject({
      status: 'email_changed',
    });
    for (const email of [ana.email, newEmail]) {
      const found = await app.post('/api/auth/find', { token: oldLink });
      expect(found.statusCode).toBe(400);
      expect(found.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
      expect(found.body).not.toContain(newEmail);
      const used = await app.post('/api/auth/resetPass', {
        email,
        password: 'clave-del-ladron',
        password_confirmation: 'clave-del-ladron',
        token: oldLink,
      });
      expect(used.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    }
    expect((await signIn(newEmail, ana.password)).statusCode).toBe(200);
  });

  it('whatever moved the address, a link to the one before is refused (its address is part of it)', async () => {
    const ana = await signUpUser(app);
    await app.post('/api/auth/forgotPass', { email: ana.email }, undefined, randomAddress());
    const link = await newestLink(ana.email, '/resetpass/');
    // the address changed some other way than a change of ours (support, say): the link is refused still
    await app.ctx.db
      .update(users)
      .set({ email: freshEmail('soporte') })
      .where(eq(users.email, ana.email));
    expect((await app.post('/api/auth/find', { token: link })).json()).toMatchObject({
      code: 'RESET_TOKEN_INVALID',
    });
  });
});
