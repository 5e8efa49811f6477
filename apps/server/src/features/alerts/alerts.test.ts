import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import {
  ALERT_LINK_VALID_AFTER_END_MS,
  ALERT_POSITION_MIN_INTERVAL_MS,
  ALERTS_PER_PHONE_MAX,
  ALERTS_PER_PHONE_WINDOW_MS,
} from '@escudo/contract';
import {
  everythingRead,
  isVerificationMail,
  mailsTo as mailsOf,
  verifyEmailOf,
} from '../../../test/outbox.ts';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { setLostMode, userWithPhone } from '../../../test/sockets.ts';
import { alertPositions, alerts } from './alerts.schema.ts';
import { securityNetworkMembers } from '../network/network.schema.ts';
import { users } from '../accounts/accounts.schema.ts';
import { recordCommandResult } from '../commands/commands.service.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Owner = Awaited<ReturnType<typeof userWithPhone>>;
type Member = Awaited<ReturnType<typeof signUpUser>>;

/**
 * the network's e-mails (an SOS, a phone in lost mode) in the outbox to `email`, oldest first, parsed as
 * a mail client would: not the sign-up's verification e-mail, nor the notices of a member's own account
 * (the new password of a verified one)
 */
async function mailsTo(email: string): Promise<ParsedMail[]> {
  // the first tries run apart from the phone's request (decision 025)
  await app.ctx.background.settled();
  return (await mailsOf(app, email)).filter(
    (mail) =>
      !isVerificationMail(mail) &&
      (mail.subject?.startsWith('Alerta de') || mail.subject?.endsWith('declaró su teléfono perdido')),
  );
}

const idOf = async (email: string) =>
  (await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

/**
 * Puts `member` in `owner`'s network, as the network feature leaves it ('pendiente' or 'aceptada');
 * gives back the entry's id (what the owner removes).
 */
async function addMember(owner: Owner, member: Member, status: 'pendiente' | 'aceptada') {
  const [entry] = await app.ctx.db
    .insert(securityNetworkMembers)
    .values({
      ownerUserId: owner.userId,
      memberUserId: status === 'aceptada' ? await idOf(member.email) : null,
      name: member.name,
      email: member.email,
      phone: '56912345678',
      status,
      codeHash: `code-${Math.random()}`,
      codeExpiresAt: new Date(app.clock.now.getTime() + 86_400_000),
    })
    .returning({ id: securityNetworkMembers.id });
  return entry!.id;
}

const open = (owner: Owner, body: Record<string, unknown> = { lat: -33.45, lng: -70.66 }) =>
  app.post('/api/device/alert', body, owner.deviceToken);
const addPosition = (owner: Owner, body: Record<string, unknown>) =>
  app.post('/api/device/alert/position', body, owner.deviceToken);
const getPublic = (token: string) => app.app.inject({ method: 'GET', url: `/api/public/alerts/${token}` });
const tokenOfLink = (text: string) => /\/alerta\/([\w-]+)/.exec(text)?.[1];
const linkOf = async (member: Member) => tokenOfLink((await mailsTo(member.email))[0]!.text!)!;

describe('alerts from a phone', () => {
  it('opens with the first position, adds positions at a bounded pace, and ends', async () => {
    const ana = await userWithPhone(app);
    const opened = await open(ana);
    expect(opened.statusCode, opened.body).toBe(201);
    const alertId = (opened.json() as { alert_id: number }).alert_id;

    // raising it again while open gives the same alert back
    expect((await open(ana)).json()).toEqual({ alert_id: alertId });

    // too soon after the first position
    const early = await addPosition(ana, { alert_id: alertId, lat: -33.46, lng: -70.67 });
    expect(early.statusCode).toBe(429);
    expect(early.json().code).toBe('RATE_LIMITED');
    expect(early.headers['retry-after']).toBeDefined();

    app.clock.advance(ALERT_POSITION_MIN_INTERVAL_MS);
    const added = await addPosition(ana, { alert_id: alertId, lat: -33.46, lng: -70.67 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ code: 200 });

    // outside Chile but valid coordinates are taken; invalid ones are not
    app.clock.advance(ALERT_POSITION_MIN_INTERVAL_MS);
    expect((await addPosition(ana, { alert_id: alertId, lat: 48.85, lng: 2.35 })).statusCode).toBe(200);
    app.clock.advance(ALERT_POSITION_MIN_INTERVAL_MS);
    expect((await addPosition(ana, { alert_id: alertId, lat: 91, lng: 0 })).statusCode).toBe(400);
    expect((await addPosition(ana, { alert_id: alertId, lat: 0, lng: -180.5 })).statusCode).toBe(400);

    const stored = await app.ctx.db.select().from(alertPositions).where(eq(alertPositions.alertId, alertId));
    expect(stored.map((p) => [p.lat, p.lng])).toEqual([
      [-33.45, -70.66],
      [-33.46, -70.67],
      [48.85, 2.35],
    ]);

    const closed = await app.post('/api/device/alert/close', { alert_id: alertId }, ana.deviceToken);
    expect(closed.statusCode, closed.body).toBe(200);
    // closing twice is fine
    expect(
      (await app.post('/api/device/alert/close', { alert_id: alertId }, ana.deviceToken)).statusCode,
    ).toBe(200);
    // no positions after the end: the phone is told to stop
    app.clock.advance(ALERT_POSITION_MIN_INTERVAL_MS);
    const late = await addPosition(ana, { alert_id: alertId, lat: -33.47, lng: -70.68 });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ALERT_ENDED');

    // a new SOS after the end is a new alert
    const again = await open(ana);
    expect(again.statusCode).toBe(201);
    expect((again.json() as { alert_id: number }).alert_id).not.toBe(alertId);
  });

  it("answers another account's phone, and another phone of the same account, as if the alert did not exist", async () => {
    const ana = await userWithPhone(app);
    const eve = await userWithPhone(app);
    const alertId = (await open(ana)).json().alert_id as number;
    const unknownId = alertId + 100_000;
    app.clock.advance(ALERT_POSITION_MIN_INTERVAL_MS);
    for (const id of [alertId, unknownId]) {
      const position = await addPosition(eve, { alert_id: id, lat: -33.4, lng: -70.6 });
      expect(position.statusCode).toBe(404);
      expect(position.json()).toEqual({ code: 'NOT_FOUND', message: 'No encontramos esa alerta.' });
      const closed = await app.post('/api/device/alert/close', { alert_id: id }, eve.deviceToken);
      expect(closed.statusCode).toBe(404);
      expect(closed.json()).toEqual({ code: 'NOT_FOUND', message: 'No encontramos esa alerta.' });
      const byPanel = await app.post('/api/app/alertas/cerrar', { alert_id: id }, eve.token);
      expect(byPanel.json()).toEqual({ code: 'NOT_FOUND', message: 'No encontramos esa alerta.' });
    }
    const [row] = await app.ctx.db.select().from(alerts).where(eq(alerts.id, alertId));
    expect(row!.endedAt).toBeNull();
    // no device token, or a user's token: 401
    expect((await app.post('/api/device/alert', { lat: 0, lng: 0 })).statusCode).toBe(401);
    expect((await app.post('/api/device/alert', { lat: 0, lng: 0 }, ana.token)).statusCode).toBe(401);
  });

  it('lets the owner see their open alerts and end one from the panel', async () => {
    const ana = await userWithPhone(app);
    const alertId = (await open(ana)).json().alert_id as number;
    const listed = await app.post('/api/app/alertas/abiertas', {}, ana.token);
    expect(listed.statusCode, listed.body).toBe(200);
    const [own] = (listed.json() as { alerts: { id: number; url: string; device_id: string }[] }).alerts;
    expect(own).toMatchObject({ id: alertId, device_id: ana.deviceId });
    expect(own!.url).toMatch(/^http:\/\/escudo\.test\/alerta\/[\w-]{54}$/);
    // the owner's own link opens the page too (Home's banner: 'Ver alerta')
    expect((await getPublic(tokenOfLink(own!.url)!)).statusCode).toBe(200);

    const closed = await app.post('/api/app/alertas/cerrar', { alert_id: alertId }, ana.token);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({ code: 200 });
    expect((await app.post('/api/app/alertas/cerrar', { alert_id: alertId }, ana.token)).json()).toEqual({
      code: 200,
    });
    expect((await app.post('/api/app/alertas/abiertas', {}, ana.token)).json()).toEqual({ alerts: [] });
  });
});

describe('the network is told', () => {
  it('e-mails every accepted member, and only them, the open alert link at once', async () => {
    const ana = await userWithPhone(app);
    const [bea, carla, pending, stranger] = [
      await signUpUser(app, { name: 'Bea Soto' }),
      await signUpUser(app, { name: 'Carla Díaz' }),
      await signUpUser(app, { name: 'Pía Pendiente' }),
      await signUpUser(app, { name: 'Ext Raña' }),
    ];
    // their addresses verified: the e-mails name people (what they print otherwise: below)
    for (const member of [bea, carla]) await verifyEmailOf(app, member);
    await addMember(ana, bea, 'aceptada');
    await addMember(ana, carla, 'aceptada');
    await addMember(ana, pending, 'pendiente');
    await app.ctx.db.update(users).set({ telefono: '56987654321' }).where(eq(users.id, ana.userId));

    expect((await open(ana)).statusCode).toBe(201);
    for (const member of [bea, carla]) {
      const mails = await mailsTo(member.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`Alerta de ${ana.name}: necesita ayuda`);
      expect(mails[0]!.text).toContain(`Hola ${member.name}:`);
      expect(mails[0]!.text).toContain('+56987654321');
      expect(mails[0]!.text).toMatch(/http:\/\/escudo\.test\/alerta\/[\w-]{54}/);
    }
    expect(await mailsTo(pending.email)).toHaveLength(0);
    expect(await mailsTo(stranger.email)).toHaveLength(0);
    // each member a link of their own, both working, and neither stored
    const [beaToken, carlaToken] = [await linkOf(bea), await linkOf(carla)];
    expect(beaToken).not.toBe(carlaToken);
    expect((await getPublic(beaToken)).statusCode).toBe(200);
    expect((await getPublic(carlaToken)).statusCode).toBe(200);
    const rows = await app.ctx.db.select().from(alerts).where(eq(alerts.userId, ana.userId));
    expect(JSON.stringify(rows)).not.toContain(beaToken);
    expect(JSON.stringify(rows)).not.toContain(carlaToken);

    // raising it again while it is open sends nothing more
    await open(ana);
    expect(await mailsTo(bea.email)).toHaveLength(1);
  });

  it('lists the open alerts of the networks a member has joined, for one who signs in after it opened', async () => {
    const ana = await userWithPhone(app);
    const [bea, pending, stranger] = [
      await signUpUser(app, { name: 'Bea Soto' }),
      await signUpUser(app, { name: 'Pía Pendiente' }),
      await signUpUser(app, { name: 'Ext Raña' }),
    ];
    await addMember(ana, bea, 'aceptada');
    await addMember(ana, pending, 'pendiente');
    const listFor = async (who: Member) => {
      const response = await app.post('/api/app/alertas/deMisRedes', {}, who.token);
      expect(response.statusCode).toBe(200);
      return (response.json() as { alerts: { id: number; name: string; url: string }[] }).alerts;
    };
    expect(await listFor(bea)).toEqual([]);

    const { alert_id } = (await open(ana)).json() as { alert_id: number };
    const [seen] = await listFor(bea);
    expect(seen).toMatchObject({ id: alert_id, name: ana.name });
    // the same link the e-mail carried
    expect(tokenOfLink(seen!.url)).toBe(tokenOfLink((await mailsTo(bea.email))[0]!.text!));
    expect(await listFor(pending)).toEqual([]);
    expect(await listFor(stranger)).toEqual([]);

    // once it ends it is no longer listed
    await app.post('/api/device/alert/close', { alert_id }, ana.deviceToken);
    expect(await listFor(bea)).toEqual([]);
  });

  it('e-mails accepted members once when the phone confirms lost mode, with no location', async () => {
    const ana = await userWithPhone(app);
    const bea = await signUpUser(app, { name: 'Bea Soto' });
    await verifyEmailOf(app, bea);
    const pending = await signUpUser(app);
    await addMember(ana, bea, 'aceptada');
    await addMember(ana, pending, 'pendiente');
    const ordered = await app.post(
      '/api/app/lostphone/lostMyPhoneSubscribeNotification',
      { device_id: ana.deviceId },
      ana.token,
    );
    // ordering is not enough: the phone must confirm
    expect(await mailsTo(bea.email)).toHaveLength(0);
    const phone = { deviceRowId: ana.internalId, userId: ana.userId, deviceId: ana.deviceId };
    const commandId = (ordered.json() as { command: { id: number } }).command.id;
    await recordCommandResult(app.ctx, phone, commandId, 'done');
    // the phone repeats itself after a reconnection: no second e-mail
    await recordCommandResult(app.ctx, phone, commandId, 'done');
    const mails = await mailsTo(bea.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${ana.name} declaró su teléfono perdido`);
    expect(mails[0]!.text).toContain('Teléfono de prueba (Galaxy A54)');
    expect(mails[0]!.text).not.toMatch(/-?\d+\.\d{3,}/);
    expect(mails[0]!.text).not.toMatch(/alerta\/|https?:/);
    expect(await mailsTo(pending.email)).toHaveLength(0);
  });
});

describe("what the network's e-mails print (decision 050)", () => {
  const sosTo = async (member: Member) =>
    (await mailsTo(member.email)).filter((mail) => mail.subject?.startsWith('Alerta de'));
  const lostTo = async (member: Member) =>
    (await mailsTo(member.email)).filter((mail) => mail.subject?.endsWith('declaró su teléfono perdido'));

  /** an owner whose address is not verified, one whose address is, and a member of both networks */
  async function twoOwnersAndMember({ isMemberVerified }: { isMemberVerified: boolean }) {
    const ana = await userWithPhone(app, { name: 'Ana Dueña' });
    const olga = await userWithPhone(app, { name: 'Olga Verificada', isEmailVerified: true });
    const bea = await signUpUser(app, { name: 'Bea Soto' });
    if (isMemberVerified) await verifyEmailOf(app, bea);
    await addMember(ana, bea, 'aceptada');
    await addMember(olga, bea, 'aceptada');
    return { ana, olga, bea };
  }
  const names = ['Ana Dueña', 'Olga Verificada', 'Bea Soto'];

  it('an SOS names the owner and the member to a member whose address is verified', async () => {
    const { ana, olga, bea } = await twoOwnersAndMember({ isMemberVerified: true });
    await open(ana);
    await open(olga);
    const mails = await sosTo(bea);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      ['Alerta de Ana Dueña: necesita ayuda', 'Alerta de Olga Verificada: necesita ayuda'].sort(),
    );
    for (const mail of mails) expect(mail.text).toMatch(/^Hola Bea Soto:$/m);
    const fromAna = mails.find((mail) => mail.subject!.includes('Ana Dueña'))!;
    expect(fromAna.text).toContain('Ana Dueña activó una alerta de emergencia desde su teléfono.');
    expect(fromAna.html).toContain('<p>Hola Bea Soto:</p>');
    expect(fromAna.html).toContain('<strong>Ana Dueña activó una alerta de emergencia</strong>');
  });

  it("an SOS to an unverified member names nobody: the owner is their verified address, or else 'Una persona'", async () => {
    const { ana, olga, bea } = await twoOwnersAndMember({ isMemberVerified: false });
    // a number typed by the owner is not carried either (the page, one tap away, shows it)
    await app.ctx.db.update(users).set({ telefono: '56987654321' }).where(eq(users.id, ana.userId));
    await open(ana);
    await open(olga);
    const mails = await sosTo(bea);
    for (const mail of mails) expect(everythingRead(mail)).not.toContain('56987654321');
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.text).toMatch(/^Hola:$/m);
      expect(mail.html).toContain('<p>Hola:</p>');
      for (const name of names) expect(everythingRead(mail)).not.toContain(name);
    }
    const fromAna = mails.find((mail) => mail.subject!.includes('una persona'))!;
    expect(fromAna.subject).toBe('Alerta de una persona que te tiene en su red de seguridad: necesita ayuda');
    expect(fromAna.text).toContain(
      'Una persona activó una alerta de emergencia desde su teléfono. Tú eres parte de su red de seguridad en Escudo.',
    );
    // the link's page says who
    const page = await getPublic(tokenOfLink(fromAna.text!)!);
    expect(page.json().who.name).toBe('Ana Dueña');
    const fromOlga = mails.find((mail) => mail !== fromAna)!;
    expect(fromOlga.subject).toBe(`Alerta de ${olga.email}: necesita ayuda`);
    expect(fromOlga.text).toContain(`${olga.email} activó una alerta de emergencia desde su teléfono.`);
  });

  it('lost mode names the owner and the member to a member whose address is verified', async () => {
    const { ana, bea } = await twoOwnersAndMember({ isMemberVerified: true });
    await setLostMode(app, ana, true);
    const [mail, ...more] = await lostTo(bea);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Ana Dueña declaró su teléfono perdido');
    expect(mail!.text).toMatch(/^Hola Bea Soto:$/m);
    expect(mail!.text).toContain(
      'Ana Dueña declaró perdido su teléfono Teléfono de prueba (Galaxy A54) en Escudo. Tú eres parte de su red de seguridad.',
    );
    expect(mail!.text).toContain(
      'Si sabes algo del teléfono, o si Ana Dueña necesita ayuda, comunícate con Ana Dueña.',
    );
  });

  it("lost mode to an unverified member names nobody: the owner is their verified address, or else 'Una persona'", async () => {
    const { ana, olga, bea } = await twoOwnersAndMember({ isMemberVerified: false });
    await setLostMode(app, ana, true);
    await setLostMode(app, olga, true);
    const mails = await lostTo(bea);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [
        `${olga.email} declaró su teléfono perdido`,
        'Una persona que te tiene en su red de seguridad declaró su teléfono perdido',
      ].sort(),
    );
    for (const mail of mails) {
      expect(mail.text).toMatch(/^Hola:$/m);
      for (const name of names) expect(everythingRead(mail)).not.toContain(name);
    }
    const fromAna = mails.find((mail) => mail.subject!.startsWith('Una persona'))!;
    // nor the phone's name, typed as a name is
    expect(fromAna.text).toContain(
      'Una persona declaró perdido su teléfono en Escudo. Tú eres parte de su red de seguridad.',
    );
    expect(everythingRead(fromAna)).not.toContain('Teléfono de prueba');
    expect(fromAna.text).toContain(
      'Si sabes algo del teléfono, o si esa persona necesita ayuda, comunícate con ella.',
    );
    const fromOlga = mails.find((mail) => mail !== fromAna)!;
    expect(fromOlga.text).toContain(
      `Si sabes algo del teléfono, o si ${olga.email} necesita ayuda, comunícate con ${olga.email}.`,
    );
  });
});

describe('the open alert page', () => {
  it('shows who, since when and where, while open and for an hour after the end; then 410', async () => {
    const ana = await userWithPhone(app);
    const bea = await signUpUser(app);
    await addMember(ana, bea, 'aceptada');
    const startedAt = app.clock.now.toISOString();
    const alertId = (await open(ana)).json().alert_id as number;
    const token = tokenOfLink((await mailsTo(bea.email))[0]!.text!)!;

    const page = await getPublic(token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.json()).toEqual({
      who: { name: ana.name, telefono: null },
      device_name: 'Teléfono de prueba',
      started_at: startedAt,
      ended_at: null,
      open: true,
      expires_at: null,
      // nobody at the central has taken it yet (central.test.ts follows it further)
      central: { status: 'waiting' },
      positions: [{ lat: -33.45, lng: -70.66, at: startedAt }],
    });
    app.clock.advance(ALERT_POSITION_MIN_INTERVAL_MS);
    await addPosition(ana, { alert_id: alertId, lat: -33.46, lng: -70.67 });
    expect((await getPublic(token)).json().positions).toHaveLength(2);

    await app.post('/api/app/alertas/cerrar', { alert_id: alertId }, ana.token);
    const endedAt = app.clock.now;
    const ended = (await getPublic(token)).json();
    expect(ended).toMatchObject({ open: false, ended_at: endedAt.toISOString() });
    expect(ended.expires_at).toBe(new Date(endedAt.getTime() + ALERT_LINK_VALID_AFTER_END_MS).toISOString());

    app.clock.advance(ALERT_LINK_VALID_AFTER_END_MS - 1000);
    expect((await getPublic(token)).statusCode).toBe(200);
    app.clock.advance(1000);
    const expired = await getPublic(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('ALERT_EXPIRED');
  });

  it("ends a member's link at once when they are removed or leave, and only theirs", async () => {
    const ana = await userWithPhone(app);
    const [bea, carla, dani] = [await signUpUser(app), await signUpUser(app), await signUpUser(app)];
    const beaEntry = await addMember(ana, bea, 'aceptada');
    await addMember(ana, carla, 'aceptada');
    const daniEntry = await addMember(ana, dani, 'aceptada');
    expect((await open(ana)).statusCode).toBe(201);
    const [beaToken, carlaToken, daniToken] = [await linkOf(bea), await linkOf(carla), await linkOf(dani)];
    expect((await getPublic(beaToken)).statusCode).toBe(200);

    // the owner removes Bea; Dani leaves on her own: their links end, with no wait, while Carla's works
    const removed = await app.post('/api/app/grupos/eliminar', { id: beaEntry }, ana.token);
    expect(removed.statusCode, removed.body).toBe(200);
    const left = await app.post('/api/app/grupos/salir', { id: daniEntry }, dani.token);
    expect(left.statusCode, left.body).toBe(200);
    for (const token of [beaToken, daniToken]) {
      const revoked = await getPublic(token);
      expect(revoked.statusCode).toBe(410);
      expect(revoked.json()).toEqual({
        code: 'ALERT_LINK_REVOKED',
        message: 'Este enlace ya no funciona: ya no formas parte de la red de seguridad de esta persona.',
      });
    }
    expect((await getPublic(carlaToken)).statusCode).toBe(200);
    // nor do they see it from their panels any more
    const listed = await app.post('/api/app/alertas/deMisRedes', {}, bea.token);
    expect(listed.json()).toEqual({ alerts: [] });
  });

  it('answers an unknown, malformed or tampered token 404, never another alert', async () => {
    const ana = await userWithPhone(app);
    const bea = await signUpUser(app);
    await addMember(ana, bea, 'aceptada');
    const alertId = (await open(ana)).json().alert_id as number;
    const genuine = Buffer.from(await linkOf(bea), 'base64url');
    const variant = (change: (bytes: Buffer) => void) => {
      const bytes = Buffer.from(genuine);
      change(bytes);
      return bytes.toString('base64url');
    };
    const tampered = [
      // another byte of the signature
      variant((bytes) => bytes.writeUInt8(bytes.readUInt8(20) ^ 1, 20)),
      // the same signature for another alert, or for another holder (the owner)
      variant((bytes) => bytes.writeUInt32BE(alertId + 1, 0)),
      variant((bytes) => bytes.writeUInt32BE(ana.userId, 4)),
      // ids past PostgreSQL's integer
      variant((bytes) => bytes.writeUInt32BE(2 ** 32 - 1, 0)),
    ];
    for (const token of [
      ...tampered,
      'x'.repeat(54),
      'x'.repeat(43),
      'abc',
      '%00',
      'a'.repeat(90),
      '..%2F..%2Fetc',
    ]) {
      const response = await getPublic(token);
      expect(response.statusCode, token).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });
});

describe('the SOS limit per phone', () => {
  it(`opens at most ${ALERTS_PER_PHONE_MAX} alerts in 10 minutes, refusing the rest with no e-mail`, async () => {
    const ana = await userWithPhone(app);
    const bea = await signUpUser(app);
    await addMember(ana, bea, 'aceptada');
    const refusals = [];
    // a stuck button: 15 open/close cycles in a row, each closed once its e-mails went (one closed
    // before its delivery ran is no longer news to e-mail: decision 055)
    for (let cycle = 0; cycle < 15; cycle += 1) {
      const opened = await open(ana);
      if (opened.statusCode === 201) {
        const { alert_id } = opened.json() as { alert_id: number };
        await app.ctx.background.settled();
        await app.post('/api/device/alert/close', { alert_id }, ana.deviceToken);
      } else {
        refusals.push(opened);
      }
    }
    expect(refusals).toHaveLength(15 - ALERTS_PER_PHONE_MAX);
    expect(refusals[0]!.statusCode).toBe(429);
    expect(refusals[0]!.json().code).toBe('RATE_LIMITED');
    expect(refusals[0]!.json().message).toContain('llama al 133');
    expect(Number(refusals[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(bea.email)).toHaveLength(ALERTS_PER_PHONE_MAX);
    const stored = await app.ctx.db.select().from(alerts).where(eq(alerts.userId, ana.userId));
    expect(stored).toHaveLength(ALERTS_PER_PHONE_MAX);

    // another phone is not held back by this one
    const eve = await userWithPhone(app);
    expect((await open(eve)).statusCode).toBe(201);

    // once the window has passed, the phone may raise an SOS again
    app.clock.advance(ALERTS_PER_PHONE_WINDOW_MS);
    expect((await open(ana)).statusCode).toBe(201);
    expect(await mailsTo(bea.email)).toHaveLength(ALERTS_PER_PHONE_MAX + 1);
  });

  it('does not count asking again for an alert that is open', async () => {
    const ana = await userWithPhone(app);
    for (let i = 0; i < 10; i += 1) expect((await open(ana)).statusCode).toBe(201);
  });
});
