import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { INVITATIONS_PER_HOUR_PER_ACCOUNT, SECURITY_CODE_TTL_MS } from '@escudo/contract';
import { createTestApp, randomAddress, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { securityNetworkMembers } from './network.schema.ts';
import { userPlans, users } from '../accounts/accounts.schema.ts';
import { listAcceptedMembers } from './network.members.ts';
import { everythingRead, mailsTo as mailsOf, readOutbox, verifyEmailOf } from '../../../test/outbox.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const freshEmail = (who = 'persona') => `${who}.${randomBytes(4).toString('hex')}@example.cl`;

const mailsTo = (email: string) => mailsOf(app, email);

/** the security_code of the newest invitation e-mailed to `email` */
async function codeFor(email: string): Promise<string> {
  const match = /\/register\?security_code=([\w-]+)/.exec((await mailsTo(email)).at(-1)?.text ?? '');
  if (!match?.[1]) throw new Error(`no invitation e-mail for ${email}`);
  return match[1];
}

const userIdOf = async (email: string) =>
  (await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const entriesOf = async (ownerUserId: number) =>
  app.ctx.db.select().from(securityNetworkMembers).where(eq(securityNetworkMembers.ownerUserId, ownerUserId));

const invite = (token: string, body: Record<string, unknown> = {}, from = randomAddress()) =>
  app.post(
    '/api/app/grupos/enviarInvitacion',
    { name: 'Carla Rojas', phone: '56911112222', invitado: freshEmail('carla'), ...body },
    token,
    from,
  );

/** the owner invites `email` and returns the invitation's code */
async function invited(owner: { token: string }, email = freshEmail('invitada')) {
  const response = await invite(owner.token, { invitado: email });
  expect(response.statusCode, response.body).toBe(200);
  return { email, code: await codeFor(email) };
}

type Invitee = {
  id: number;
  estado: string;
  created_at: string;
  personas: { name: string; email: string; info: { telefono: string | null } }[];
};
const misInvitados = async (token: string) =>
  (await app.post('/api/app/grupos/misInvitados', {}, token)).json().data as Invitee[];
const misGrupos = async (token: string) =>
  (await app.post('/api/app/grupos/misGrupos', {}, token)).json().data as {
    id: number;
    anfitrion: { name: string; email: string; info: { telefono: string | null } }[];
  }[];

describe('inviting: app/grupos/enviarInvitacion', () => {
  it('stores a pending invitation and e-mails its link; the lists show it', async () => {
    const owner = await signUpUser(app, { name: 'Ana Anfitriona' });
    const email = freshEmail('carla');
    const response = await invite(owner.token, { invitado: `  ${email}  `, phone: '56911112222' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200 });

    const [mail] = await mailsTo(email);
    // to an address nobody proved, without the names (what it prints: below)
    expect(mail?.subject).toBe('Una persona te invita a su red de seguridad en Escudo');
    expect(mail?.text).toMatch(/http:\/\/escudo\.test\/register\?security_code=[\w-]{43}/);

    const list = await misInvitados(owner.token);
    expect(list).toEqual([
      {
        id: expect.any(Number),
        estado: 'pendiente',
        created_at: expect.any(String),
        personas: [{ name: 'Carla Rojas', email, info: { telefono: '56911112222' } }],
      },
    ]);
    // the code is stored only as its hash
    const [row] = await entriesOf(await userIdOf(owner.email));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(mail?.text).not.toContain(row!.codeHash);
    expect(await misGrupos(owner.token)).toEqual([]);
  });

  it.each([
    ['no name', { name: '' }, 'name'],
    ['a phone of 10 digits', { phone: '5691111222' }, 'phone'],
    ['a phone with letters', { phone: '5691111222a' }, 'phone'],
    ['no phone', { phone: '' }, 'phone'],
    ['an invalid e-mail', { invitado: 'no-es-un-email' }, 'invitado'],
    ['no e-mail', { invitado: '' }, 'invitado'],
  ])('refuses %s with 400, storing and sending nothing', async (_, body, field) => {
    const owner = await signUpUser(app);
    const outboxBefore = (await readOutbox(app)).length;
    const response = await invite(owner.token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
    expect(Object.keys(response.json().fields ?? {})).toContain(field);
    expect(await entriesOf(await userIdOf(owner.email))).toEqual([]);
    expect((await readOutbox(app)).length).toBe(outboxBefore);
  });

  it('answers MAIL_UNAVAILABLE when the invitation cannot be e-mailed, and keeps no place for it', async () => {
    const owner = await signUpUser(app);
    // the mail server is down: the outbox folder is a file, so writing an e-mail fails (once the
    // sign-up's e-mail, sent without waiting, is written)
    await app.ctx.background.settled();
    const outbox = path.join(app.dataDir, 'outbox');
    const saved = `${outbox}.saved`;
    await fs.rename(outbox, saved).catch(() => undefined);
    await fs.writeFile(outbox, 'not a folder');
    try {
      const response = await invite(owner.token);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'MAIL_UNAVAILABLE',
        message:
          'No pudimos enviar el email en este momento. Por favor inténtalo nuevamente en unos minutos.',
      });
      expect(await entriesOf(await userIdOf(owner.email))).toEqual([]);
    } finally {
      await fs.rm(outbox);
      await fs.rename(saved, outbox).catch(() => undefined);
    }
  });

  it('refuses inviting oneself (any case) with 400 and a Spanish message', async () => {
    const owner = await signUpUser(app);
    const response = await invite(owner.token, { invitado: owner.email.toUpperCase() });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.invitado).toBe('No puedes invitarte a ti mismo a tu red de seguridad.');
    expect(await entriesOf(await userIdOf(owner.email))).toEqual([]);
    expect(await mailsTo(owner.email.toUpperCase())).toEqual([]);
  });

  it('refuses an e-mail already invited (any case) or already a member with 409, sending nothing', async () => {
    const owner = await signUpUser(app);
    const { email } = await invited(owner);
    const again = await invite(owner.token, { invitado: email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_IN_NETWORK');
    expect(again.json().message).toMatch(/ya está invitada o ya forma parte/);
    expect(await mailsTo(email.toUpperCase())).toEqual([]);

    // a member who joined with another e-mail than the invited one: their account's e-mail counts too
    const { code } = await invited(owner);
    const member = await signUpUser(app);
    expect(
      (await app.post('/api/app/grupos/aceptarInvitacion', { security_code: code }, member.token)).statusCode,
    ).toBe(200);
    const byAccount = await invite(owner.token, { invitado: member.email });
    expect(byAccount.statusCode).toBe(409);
    expect(byAccount.json().code).toBe('ALREADY_IN_NETWORK');
    expect(await entriesOf(await userIdOf(owner.email))).toHaveLength(2);
  });
});

describe('inviting: the places a plan holds, and the hourly limits', () => {
  it("refuses past the plan's max_red, pending invitations included, and frees a place when one is removed", async () => {
    const owner = await signUpUser(app);
    // the starter plan (Esencial): max_red 3
    for (let i = 0; i < 3; i += 1) await invited(owner);
    const outboxBefore = (await readOutbox(app)).length;
    const fourth = await invite(owner.token);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().code).toBe('NETWORK_LIMIT_REACHED');
    expect(fourth.json().message).toMatch(/máximo de 3 personas/);
    expect((await readOutbox(app)).length).toBe(outboxBefore);

    const [first] = await misInvitados(owner.token);
    expect((await app.post('/api/app/grupos/eliminar', { id: first!.id }, owner.token)).statusCode).toBe(200);
    expect((await invite(owner.token)).statusCode).toBe(200);

    // a bigger plan (Familia: max_red 10) allows more
    await app.ctx.db
      .update(userPlans)
      .set({ planId: 3 })
      .where(eq(userPlans.userId, await userIdOf(owner.email)));
    expect((await invite(owner.token)).statusCode).toBe(200);
  });

  it('an invitation past its 14 days is not listed, holds no place and can be sent again', async () => {
    const owner = await signUpUser(app);
    // the starter plan (Esencial): max_red 3
    const lapsed = await invited(owner);
    await invited(owner);
    await invited(owner);
    expect(await misInvitados(owner.token)).toHaveLength(3);
    app.clock.advance(SECURITY_CODE_TTL_MS + 1000);
    // one sent now, after the three lapsed: the network has room, and the lapsed ones are gone
    const again = await invited(owner, lapsed.email);
    const listed = await misInvitados(owner.token);
    expect(listed.map((entry) => [entry.estado, entry.personas[0]!.email])).toEqual([
      ['pendiente', lapsed.email],
    ]);
    expect(await entriesOf(await userIdOf(owner.email))).toHaveLength(1);
    // the new link works; the lapsed one does not
    expect((await app.post('/api/auth/getUserByCode', { code: again.code })).statusCode).toBe(200);
    expect((await app.post('/api/auth/getUserByCode', { code: lapsed.code })).json().code).toBe(
      'INVITATION_INVALID',
    );
  });

  it('an invitation that lapsed while others are still pending frees exactly its own place', async () => {
    const owner = await signUpUser(app);
    // the starter plan (Esencial): max_red 3; the first invitation lapses a week before the others
    await invited(owner);
    app.clock.advance(SECURITY_CODE_TTL_MS / 2);
    const second = await invited(owner);
    const third = await invited(owner);
    expect((await invite(owner.token)).json().code).toBe('NETWORK_LIMIT_REACHED');
    app.clock.advance(SECURITY_CODE_TTL_MS / 2 + 1000);
    // what the panel counts as places used: the two still pending
    expect((await misInvitados(owner.token)).map((entry) => entry.personas[0]!.email).sort()).toEqual(
      [second.email, third.email].sort(),
    );
    const fourth = await invited(owner);
    expect((await invite(owner.token)).json().code).toBe('NETWORK_LIMIT_REACHED');
    expect((await misInvitados(owner.token)).map((entry) => entry.personas[0]!.email).sort()).toEqual(
      [second.email, third.email, fourth.email].sort(),
    );
  });

  it('keeps an accepted member past the 14 days of their invitation', async () => {
    const owner = await signUpUser(app);
    const { code } = await invited(owner);
    const member = await signUpUser(app);
    const accept = await app.post('/api/app/grupos/aceptarInvitacion', { security_code: code }, member.token);
    expect(accept.statusCode, accept.body).toBe(200);
    app.clock.advance(SECURITY_CODE_TTL_MS + 1000);
    await invited(owner);
    const listed = await misInvitados(owner.token);
    expect(listed.map((entry) => entry.estado).sort()).toEqual(['aceptada', 'pendiente']);
  });

  it('is limited per account per hour (429 with Retry-After), whatever the address', async () => {
    const owner = await signUpUser(app);
    await app.ctx.db
      .update(userPlans)
      .set({ planId: 3 })
      .where(eq(userPlans.userId, await userIdOf(owner.email)));
    for (let i = 0; i < INVITATIONS_PER_HOUR_PER_ACCOUNT; i += 1) {
      expect((await invite(owner.token)).statusCode).toBe(200);
    }
    const refused = await invite(owner.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await entriesOf(await userIdOf(owner.email))).toHaveLength(INVITATIONS_PER_HOUR_PER_ACCOUNT);
    // an hour later the account may send again (and meets its plan's max_red of 10 instead)
    app.clock.advance(60 * 60 * 1000 + 1000);
    expect((await invite(owner.token)).json().code).toBe('NETWORK_LIMIT_REACHED');
  });

  it('is limited per invited e-mail per hour, whoever invites it', async () => {
    const target = freshEmail('buzon');
    for (let i = 0; i < 3; i += 1) {
      const someone = await signUpUser(app);
      expect((await invite(someone.token, { invitado: target })).statusCode).toBe(200);
    }
    const fourth = await signUpUser(app);
    const refused = await invite(fourth.token, { invitado: target });
    expect(refused.statusCode).toBe(429);
    expect(await mailsTo(target)).toHaveLength(3);
  });

  it('is limited per address per hour', async () => {
    const address = randomAddress();
    let status = 200;
    for (let i = 0; i < 31 && status !== 429; i += 1) {
      const someone = await signUpUser(app);
      status = (await invite(someone.token, {}, address)).statusCode;
    }
    expect(status).toBe(429);
  });
});

describe('what the invitation prints (decision 050)', () => {
  /** the invitation e-mailed to `email`, in any case (the only e-mail of this subject there) */
  async function invitationTo(email: string) {
    const mails = (await readOutbox(app)).filter(
      (mail) =>
        mail.subject?.includes('te invita a su red') &&
        mail.to &&
        !Array.isArray(mail.to) &&
        mail.to.text.toLowerCase() === email.toLowerCase(),
    );
    expect(mails).toHaveLength(1);
    return mails[0]!;
  }

  it('names nobody to an address with no account, nor to an account that has not verified it', async () => {
    const owner = await signUpUser(app, { name: 'Ana Anfitriona' });
    const unverified = await signUpUser(app, { name: 'Carla Cuenta' });
    for (const guest of [freshEmail('carla'), unverified.email]) {
      expect((await invite(owner.token, { invitado: guest, name: 'Carla Rojas' })).statusCode).toBe(200);
      const mail = await invitationTo(guest);
      // the owner is "Una persona": their address is not verified either
      expect(mail.subject).toBe('Una persona te invita a su red de seguridad en Escudo');
      expect(mail.text).toMatch(/^Hola:$/m);
      expect(mail.text).toContain('Una persona te invitó a formar parte de su red de seguridad en Escudo');
      expect(mail.html).toContain('<p>Hola:</p>');
      for (const name of ['Ana Anfitriona', 'Carla Rojas', 'Carla Cuenta'])
        expect(everythingRead(mail)).not.toContain(name);
      // the link's page says who invites
      const code = /security_code=([\w-]+)/.exec(mail.text!)![1]!;
      expect((await app.post('/api/auth/getUserByCode', { code })).json().user).toEqual({
        name: 'Ana Anfitriona',
      });
    }
  });

  it('calls the owner by their address, once verified, to an unverified one', async () => {
    const owner = await signUpUser(app, { name: 'Ana Anfitriona' });
    const token = await verifyEmailOf(app, owner);
    const guest = freshEmail('carla');
    expect((await invite(token, { invitado: guest, name: 'Carla Rojas' })).statusCode).toBe(200);
    const mail = await invitationTo(guest);
    expect(mail.subject).toBe(`${owner.email} te invita a su red de seguridad en Escudo`);
    expect(mail.text).toMatch(/^Hola:$/m);
    expect(mail.text).toContain(`${owner.email} te invitó a formar parte de su red de seguridad`);
    expect(everythingRead(mail)).not.toContain('Ana Anfitriona');
    expect(everythingRead(mail)).not.toContain('Carla Rojas');
  });

  it('names the guest and the owner to the verified address of an account, typed in any case', async () => {
    const owner = await signUpUser(app, { name: 'Ana Anfitriona' });
    const carla = await signUpUser(app, { name: 'Carla Cuenta' });
    await verifyEmailOf(app, carla);
    const typed = carla.email.toUpperCase();
    expect((await invite(owner.token, { invitado: typed, name: 'Carla Rojas' })).statusCode).toBe(200);
    const mail = await invitationTo(typed);
    expect(mail.subject).toBe('Ana Anfitriona te invita a su red de seguridad en Escudo');
    expect(mail.text).toMatch(/^Hola Carla Rojas:$/m);
    expect(mail.text).toContain('Ana Anfitriona te invitó a formar parte de su red de seguridad en Escudo');
    expect(mail.html).toContain('<p>Hola Carla Rojas:</p>');
    expect(mail.html).toContain('<p>Ana Anfitriona te invitó');
  });
});

describe('who invites me: auth/getUserByCode', () => {
  it("answers the inviting account's name for a valid code, and INVITATION_INVALID otherwise", async () => {
    const owner = await signUpUser(app, { name: 'Beatriz Anfitriona' });
    const { code } = await invited(owner);
    const response = await app.post('/api/auth/getUserByCode', { code });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: { name: 'Beatriz Anfitriona' }, respuesta: true });

    const unknown = await app.post('/api/auth/getUserByCode', { code: 'codigo-inventado' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('INVITATION_INVALID');
    expect(unknown.json().message).toMatch(/no es válida, ya fue utilizada o ha expirado/);
  });

  it('refuses a code past its 14 days', async () => {
    const owner = await signUpUser(app);
    const { code } = await invited(owner);
    app.clock.advance(SECURITY_CODE_TTL_MS + 1000);
    expect((await app.post('/api/auth/getUserByCode', { code })).json().code).toBe('INVITATION_INVALID');
    const member = await signUpUser(app);
    const accept = await app.post('/api/app/grupos/aceptarInvitacion', { security_code: code }, member.token);
    expect(accept.statusCode).toBe(400);
    expect(accept.json().code).toBe('INVITATION_INVALID');
  });
});

describe('joining', () => {
  it('signing up with the code joins the network; both sides see it; the code then works no more', async () => {
    const owner = await signUpUser(app, { name: 'Ana Anfitriona' });
    const { email, code } = await invited(owner);
    // the account may have another e-mail than the invited one: the link is the proof
    const newcomer = { name: 'Carla Nueva', email: freshEmail('otra'), password: 'una-clave-segura' };
    const signUp = await app.post(
      '/api/auth/signUpByCode',
      { ...newcomer, code, security_code: code },
      undefined,
      randomAddress(),
    );
    expect(signUp.statusCode).toBe(201);
    const token = signUp.json().access_token as string;

    const [entry] = await misInvitados(owner.token);
    expect(entry).toMatchObject({
      estado: 'aceptada',
      personas: [{ name: 'Carla Nueva', email: newcomer.email, info: { telefono: '56911112222' } }],
    });
    expect(email).not.toBe(newcomer.email);
    expect(await misGrupos(token)).toEqual([
      {
        id: entry!.id,
        anfitrion: [{ name: 'Ana Anfitriona', email: owner.email, info: { telefono: null } }],
      },
    ]);
    expect(await listAcceptedMembers(app.ctx, await userIdOf(owner.email))).toEqual([
      {
        userId: await userIdOf(newcomer.email),
        name: 'Carla Nueva',
        email: newcomer.email,
        isEmailVerified: false,
        // the newcomer's account has no phone number yet
        telefono: null,
      },
    ]);

    // once used, the code works no more: not for getUserByCode, nor a sign-up, nor an accept
    expect((await app.post('/api/auth/getUserByCode', { code })).json().code).toBe('INVITATION_INVALID');
    const other = await signUpUser(app);
    expect(
      (await app.post('/api/app/grupos/aceptarInvitacion', { security_code: code }, other.token)).json().code,
    ).toBe('INVITATION_INVALID');
  });

  it('a sign-up with an unknown code is refused before any account exists', async () => {
    const email = freshEmail('sinCuenta');
    const response = await app.post(
      '/api/auth/signUpByCode',
      { name: 'Sin Cuenta', email, password: 'una-clave-segura', security_code: 'codigo-inventado' },
      undefined,
      randomAddress(),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVITATION_INVALID');
    expect(response.json().fields.security_code).toMatch(/no es válida/);
    const [found] = await app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, email));
    expect(found!.n).toBe(0);
  });

  it('an existing account joins with aceptarInvitacion; not its own invitation, nor twice', async () => {
    const owner = await signUpUser(app);
    const { code } = await invited(owner);
    const own = await app.post('/api/app/grupos/aceptarInvitacion', { security_code: code }, owner.token);
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('INVITATION_OWN');

    const member = await signUpUser(app);
    const accepted = await app.post(
      '/api/app/grupos/aceptarInvitacion',
      { security_code: code },
      member.token,
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ code: 200 });
    expect(await misGrupos(member.token)).toHaveLength(1);

    // a second invitation of the same network: already a member
    const second = await invited(owner);
    const twice = await app.post(
      '/api/app/grupos/aceptarInvitacion',
      { security_code: second.code },
      member.token,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ALREADY_IN_NETWORK');
    expect((await misInvitados(owner.token)).map((entry) => entry.estado).sort()).toEqual([
      'aceptada',
      'pendiente',
    ]);
  });

  it('two accepts of one code at once: exactly one joins', async () => {
    const owner = await signUpUser(app);
    const { code } = await invited(owner);
    const [a, b] = await Promise.all([signUpUser(app), signUpUser(app)]);
    const answers = await Promise.all(
      [a, b].map((who) => app.post('/api/app/grupos/aceptarInvitacion', { security_code: code }, who.token)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('two invitations of one owner accepted at once by one account: one membership, the other stays pending', async () => {
    const owner = await signUpUser(app);
    const member = await signUpUser(app);
    const [first, second] = [await invited(owner), await invited(owner)];
    const answers = await Promise.all(
      [first, second].map(({ code }) =>
        app.post('/api/app/grupos/aceptarInvitacion', { security_code: code }, member.token),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().code).toBe('ALREADY_IN_NETWORK');
    const [ownerId, memberId] = [await userIdOf(owner.email), await userIdOf(member.email)];
    const entries = await entriesOf(ownerId);
    expect(entries.filter((entry) => entry.memberUserId === memberId)).toHaveLength(1);
    expect(entries.map((entry) => entry.status).sort()).toEqual(['aceptada', 'pendiente']);
    expect(await listAcceptedMembers(app.ctx, ownerId)).toHaveLength(1);

    // the database itself keeps one membership, whatever path writes it (the unique index)
    const pending = entries.find((entry) => entry.status === 'pendiente')!;
    await expect(
      app.ctx.db
        .update(securityNetworkMembers)
        .set({ memberUserId: memberId, status: 'aceptada' })
        .where(eq(securityNetworkMembers.id, pending.id)),
    ).rejects.toThrow();
  });

  it('needs a session', async () => {
    const response = await app.post('/api/app/grupos/aceptarInvitacion', { security_code: 'abc' });
    expect(response.statusCode).toBe(401);
  });
});

describe('removing and leaving', () => {
  async function network() {
    const owner = await signUpUser(app, { name: 'Dueña Red' });
    const { code } = await invited(owner);
    const member = await signUpUser(app, { name: 'Miembro Red' });
    await app.post('/api/app/grupos/aceptarInvitacion', { security_code: code }, member.token);
    const [entry] = await misInvitados(owner.token);
    return { owner, member, id: entry!.id };
  }

  it('the owner removes a member: gone from both lists', async () => {
    const { owner, member, id } = await network();
    const response = await app.post('/api/app/grupos/eliminar', { id }, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200 });
    expect(await misInvitados(owner.token)).toEqual([]);
    expect(await misGrupos(member.token)).toEqual([]);
  });

  it('the owner cancels a pending invitation: its code stops working', async () => {
    const owner = await signUpUser(app);
    const { code } = await invited(owner);
    const [entry] = await misInvitados(owner.token);
    expect((await app.post('/api/app/grupos/eliminar', { id: entry!.id }, owner.token)).statusCode).toBe(200);
    expect((await app.post('/api/auth/getUserByCode', { code })).json().code).toBe('INVITATION_INVALID');
  });

  it('a member leaves: gone from both lists', async () => {
    const { owner, member, id } = await network();
    const response = await app.post('/api/app/grupos/salir', { id }, member.token);
    expect(response.statusCode).toBe(200);
    expect(await misGrupos(member.token)).toEqual([]);
    expect(await misInvitados(owner.token)).toEqual([]);
  });

  it('an entry that is not mine, or does not exist, is 403 alike and changes nothing', async () => {
    const { owner, member, id } = await network();
    const stranger = await signUpUser(app);
    const answers = [
      await app.post('/api/app/grupos/eliminar', { id }, stranger.token),
      await app.post('/api/app/grupos/eliminar', { id }, member.token),
      await app.post('/api/app/grupos/salir', { id }, stranger.token),
      // the owner cannot "leave" their own network's entry, only remove it
      await app.post('/api/app/grupos/salir', { id }, owner.token),
      await app.post('/api/app/grupos/eliminar', { id: 2_000_000_000 }, stranger.token),
      await app.post('/api/app/grupos/salir', { id: 2_000_000_000 }, stranger.token),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(answers.map((answer) => answer.json().code)).toEqual(Array(6).fill('FORBIDDEN'));
    // "not yours" and "does not exist" read the same
    expect(answers[0]!.json().message).toBe(answers[4]!.json().message);
    expect(answers[2]!.json().message).toBe(answers[5]!.json().message);
    expect(await misInvitados(owner.token)).toHaveLength(1);
    expect(await misGrupos(member.token)).toHaveLength(1);
  });

  it('a pending invitation cannot be "left" by anyone', async () => {
    const owner = await signUpUser(app);
    await invited(owner);
    const [entry] = await misInvitados(owner.token);
    const stranger = await signUpUser(app);
    expect((await app.post('/api/app/grupos/salir', { id: entry!.id }, stranger.token)).statusCode).toBe(403);
  });
});
