/**
 * Closing an account (decision 038) on a real server, PGlite and PostgreSQL: the request with its
 * password, the e-mailed cancel link, sign-in refused meanwhile, and the sweep 7 days later, checked
 * table by table through the database's own foreign keys, in the file store, on the phone's socket
 * and in the payments kept.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, or, sql } from 'drizzle-orm';
import { ACCOUNT_DELETION_DELAY_MS, DEVICE_NAMESPACE, PANEL_NAMESPACE } from '@escudo/contract';
import { createTestApp, randomAddress, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { connect, listen, panelToken, setLostMode, userWithPhone } from '../../../test/sockets.ts';
import { everythingRead, isVerificationMail, mailsTo, verifyEmailOf } from '../../../test/outbox.ts';
import { makeOperator } from '../../../test/operators.ts';
import { users } from '../accounts/accounts.schema.ts';
import { accountActivity } from '../activity/activity.schema.ts';
import { linkedIdentities, sessions } from '../auth/auth.schema.ts';
import { atencionEvidence, atenciones } from '../atenciones/atenciones.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { lostReports } from '../lostphone/lostphone.schema.ts';
import { securityNetworkMembers } from '../network/network.schema.ts';
import { flowSandboxPayments, payments } from '../payments/payments.schema.ts';
import { salesProfiles } from '../sales/sales.schema.ts';
import { trackingPoints, trackings } from '../tracking/tracking.schema.ts';
import { throttleHits } from '../../lib/throttle/throttle.schema.ts';
import { DURABLE_EVENTS } from '../../lib/events.ts';
import { eventOutbox } from '../../lib/outbox/outbox.schema.ts';
import { deliverEvents } from '../../lib/outbox/outbox.ts';
import { deleteDueAccounts } from './deletion.service.ts';

const HOUR = 60 * 60 * 1000;
/** the outbox's events of released files (lib/storage/released-files.ts) */
const releasedFiles = () =>
  app.ctx.db.select().from(eventOutbox).where(eq(eventOutbox.event, 'storedFilesReleased'));
// a real 1×1 JPEG (SOI … EOI)
const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQEAYABgAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxgZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+v/aAAgBAQAAPwD3+iiigD//2Q==';

let app: TestApp;
let url: string;
/** an avatar as a person uploads it (a photo; a 1×1 one is refused as too small to be one) */
let avatar: string;
beforeAll(async () => {
  avatar = (
    await sharp({ create: { width: 256, height: 256, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer()
  ).toString('base64');
  app = await createTestApp();
  url = await listen(app);
});
afterAll(() => app.close());

const requestDeletion = (token: string, password: string) =>
  app.post('/api/app/account/delete', { password }, token);
const signIn = (email: string, password: string) =>
  app.post('/api/auth/login', { email, password }, undefined, randomAddress());

/** the token of the cancel link in the newest deletion e-mail to `email` */
async function cancelTokenFor(email: string) {
  const mails = await mailsTo(app, email);
  const mail = mails.find((m) => m.subject?.startsWith('Tu cuenta de Escudo se eliminará'));
  expect(mail, 'the deletion e-mail').toBeDefined();
  const match = /http:\/\/escudo\.test\/cancelar-eliminacion\/([\w-]+)/.exec(mail!.text ?? '');
  expect(match, mail!.text).not.toBeNull();
  return { mail: mail!, token: match![1]! };
}

const userRow = async (id: number) => (await app.ctx.db.select().from(users).where(eq(users.id, id)))[0];

/**
 * The rows of every table whose foreign key points at `table`'s `ids`, read from the database's own
 * catalogue, so a table added later is checked too: `{ 'sessions.user_id': 2, ... }`, zeros left out.
 */
async function rowsReferencing(table: string, ids: number[]) {
  if (ids.length === 0) return {};
  const result = await app.ctx.db.execute(sql`
    select c.conrelid::regclass::text as "table", a.attname as "column"
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'f' and c.confrelid = ${table}::regclass`);
  const refs = ('rows' in result ? result.rows : result) as { table: string; column: string }[];
  const found: Record<string, number> = {};
  for (const ref of refs) {
    const counted = await app.ctx.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(ref.table)} where ${sql.identifier(ref.column)} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const [row] = ('rows' in counted ? counted.rows : counted) as { n: number }[];
    if (row!.n > 0) found[`${ref.table}.${ref.column}`] = row!.n;
  }
  return found;
}

describe('asking for the deletion: app/account/delete', () => {
  it('refuses a wrong password with a Spanish message, and starts nothing', async () => {
    const ana = await userWithPhone(app);
    const refused = await requestDeletion(ana.token, 'no-es-la-clave');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      message: 'La contraseña no es correcta. Revísala e inténtalo nuevamente.',
    });
    const row = await userRow(ana.userId);
    expect(row!.deletionScheduledAt).toBeNull();
    expect((await app.post('/api/app/user/details', {}, ana.token)).statusCode).toBe(200);
    // only the sign-up's verification e-mail: no deletion e-mail went
    expect((await mailsTo(app, ana.email)).filter((mail) => !isVerificationMail(mail))).toHaveLength(0);
    const activity = await app.ctx.db
      .select()
      .from(accountActivity)
      .where(eq(accountActivity.userId, ana.userId));
    expect(activity.map((entry) => entry.kind)).not.toContain('deletion_requested');
  });

  it('refuses a body without a password (400), and a call without a session (401)', async () => {
    const ana = await signUpUser(app);
    expect((await app.post('/api/app/account/delete', {}, ana.token)).statusCode).toBe(400);
    expect((await app.post('/api/app/account/delete', { password: ana.password })).statusCode).toBe(401);
  });

  it('schedules it in 7 days, signs out everywhere, e-mails the cancel link; the link works once and sign-in works again', async () => {
    const ana = await signUpUser(app);
    const other = await signIn(ana.email, ana.password);
    const otherToken = other.json().access_token as string;
    // the other browser's panel is open on its realtime link
    const panel = await connect(`${url}${PANEL_NAMESPACE}`, await panelToken(app, { token: otherToken }));
    const panelClosed = new Promise<string>((resolve) => panel.once('disconnect', resolve));
    const asked = await app.post(
      '/api/app/account/delete',
      { password: ana.password },
      ana.token,
      '203.0.113.9',
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const { deletion_scheduled_at, open_atencion } = asked.json();
    expect(open_atencion).toBe(false);
    expect(new Date(deletion_scheduled_at).getTime()).toBe(
      app.clock.now.getTime() + ACCOUNT_DELETION_DELAY_MS,
    );

    // every session ended, this one and the other, whose open panel is disconnected at once
    expect((await app.post('/api/app/user/details', {}, ana.token)).statusCode).toBe(401);
    expect((await app.post('/api/app/user/details', {}, otherToken)).statusCode).toBe(401);
    expect(await panelClosed).toBe('io server disconnect');
    panel.close();

    // the e-mail: the date in Chile's time and the cancel link
    const { mail, token } = await cancelTokenFor(ana.email);
    const chileDate = new Intl.DateTimeFormat('es-CL', {
      timeZone: 'America/Santiago',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    })
      .format(new Date(deletion_scheduled_at))
      .replaceAll('/', '-');
    expect(mail.subject).toBe(`Tu cuenta de Escudo se eliminará el ${chileDate}`);
    expect(mail.text).toContain(`Se eliminará el ${chileDate} `);
    expect(mail.text).toContain('sin tu nombre, email ni RUT');
    // an address nobody proved: no name (decision 050; a verified one's below)
    expect(mail.text).toMatch(/^Hola:$/m);
    expect(everythingRead(mail)).not.toContain(ana.name);

    // sign-in is refused with the date and what to do
    const refused = await signIn(ana.email, ana.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_DELETION_SCHEDULED');
    expect(refused.json().message).toContain(`eliminarse el ${chileDate}`);
    expect(refused.json().message).toContain('Cancelar la eliminación');
    // a wrong password still says only that
    expect((await signIn(ana.email, 'otra-clave')).json().code).toBe('INVALID_CREDENTIALS');

    const cancelled = await app.post('/api/auth/cancelDeletion', { token }, undefined, '203.0.113.10');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ status: 'cancelled' });
    const again = await app.post('/api/auth/cancelDeletion', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('DELETION_LINK_INVALID');
    expect((await app.post('/api/auth/cancelDeletion', { token: 'x'.repeat(43) })).json().code).toBe(
      'DELETION_LINK_INVALID',
    );

    const back = await signIn(ana.email, ana.password);
    expect(back.statusCode, back.body).toBe(200);
    const activity = await app.post('/api/app/account/activity', {}, back.json().access_token);
    const kinds = (activity.json().activity as { kind: string; address: string | null }[]).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['deletion_requested', 'deletion_cancelled']));

    // and nothing is deleted when the date passes
    app.clock.advance(ACCOUNT_DELETION_DELAY_MS + HOUR);
    await deleteDueAccounts(app.ctx);
    expect(await userRow((await idOf(ana.email))!)).toBeDefined();
  });

  it('greets by name an account whose address is verified', async () => {
    const ana = await signUpUser(app, { name: 'Ana Verificada' });
    const token = await verifyEmailOf(app, ana);
    expect((await requestDeletion(token, ana.password)).statusCode).toBe(200);
    const { mail } = await cancelTokenFor(ana.email);
    expect(mail.text).toMatch(/^Hola Ana Verificada:$/m);
    expect(mail.html).toContain('<p>Hola Ana Verificada:</p>');
    expect(mail.text).toContain('Pediste eliminar tu cuenta de Escudo.');
  });
});

const idOf = async (email: string) =>
  (await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;

/**
 * What an account gathers, made for `ana`: a profile with avatar and RUT (referred by `referrerId`), a
 * lost-mode photo, a route, an SOS, a network both ways with bob, a reset link, throttle rows, a Google
 * link, a sales profile, a paid order.
 */
async function gatherPersonalData(
  ana: Awaited<ReturnType<typeof userWithPhone>>,
  referrerId: number,
  bobEmail: string,
  bobId: number,
) {
  const db = app.ctx.db;
  const now = app.clock.now;
  await db
    .update(users)
    .set({ rut: '111111111', telefono: '56912345678', referredByUserId: referrerId })
    .where(eq(users.id, ana.userId));
  expect((await app.post('/api/app/user/updateAvatar', { avatar }, ana.token)).statusCode).toBe(200);
  await setLostMode(app, ana, true);
  const report = await app.post(
    '/api/device/lostphone/report',
    { lat: -33.45, lng: -70.66, image: JPEG_BASE64 },
    ana.deviceToken,
  );
  expect(report.statusCode, report.body).toBe(201);
  const [route] = await db.insert(trackings).values({ deviceId: ana.internalId }).returning();
  await db.insert(trackingPoints).values({ trackingId: route!.id, lat: -33.4, lng: -70.6, recordedAt: now });
  const sos = await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, ana.deviceToken);
  expect(sos.statusCode, sos.body).toBe(201);
  const alertIds = [sos.json().alert_id as number];
  const member = (owner: number, memberId: number | null, email: string) => ({
    ownerUserId: owner,
    memberUserId: memberId,
    name: 'Contacto',
    email,
    phone: '56900000000',
    status: memberId ? ('aceptada' as const) : ('pendiente' as const),
    codeHash: randomBytes(16).toString('hex'),
    codeExpiresAt: now,
  });
  await db
    .insert(securityNetworkMembers)
    .values([
      member(ana.userId, bobId, bobEmail),
      member(bobId, ana.userId, ana.email),
      member(ana.userId, null, 'pendiente@example.cl'),
    ]);
  await app.post('/api/auth/forgotPass', { email: ana.email }, undefined, randomAddress());
  expect((await signIn(ana.email, 'clave-equivocada')).statusCode).toBe(401);
  await db.insert(linkedIdentities).values({
    userId: ana.userId,
    provider: 'google',
    subject: `sub-${ana.userId}`,
    email: ana.email,
    lastSignInAt: now,
  });
  await db.insert(salesProfiles).values({
    userId: ana.userId,
    status: 1,
    bank: 'Banco Estado',
    accountType: 'vista',
    accountNumber: '123456',
    holder: 'Ana Pérez',
    holderRut: '111111111',
  });
  const commerceOrder = `del-${randomBytes(4).toString('hex')}`;
  const [paid] = await db
    .insert(payments)
    .values({
      userId: ana.userId,
      planId: 2,
      monthsPaid: 1,
      amount: 9990,
      commerceOrder,
      status: 'paid',
      appliedAt: now,
    })
    .returning();
  await db.insert(flowSandboxPayments).values({
    token: `tok-${commerceOrder}`,
    commerceOrder,
    subject: 'Plan',
    currency: 'CLP',
    amount: 9990,
    email: ana.email,
    urlConfirmation: 'http://escudo.test/c',
    urlReturn: 'http://escudo.test/r',
  });
  return { route, alertIds, paid, commerceOrder };
}

/**
 * Throttle rows that name `ana`'s sessions, from another session of hers: a secret started with a wrong
 * code sent to confirm it, and a wrong password re-entered (decision 052).
 */
async function throttleRowsNamingTheAccount(ana: Awaited<ReturnType<typeof userWithPhone>>) {
  const now = app.clock.now;
  const other = (
    await app.post(
      '/api/auth/login',
      { email: ana.email, password: ana.password },
      undefined,
      randomAddress(),
    )
  ).json().access_token as string;
  expect(
    (await app.post('/api/app/account/twoFactor/start', { password: ana.password }, other)).statusCode,
  ).toBe(200);
  expect((await app.post('/api/app/account/twoFactor/confirm', { code: 'abcdef' }, other)).json().code).toBe(
    'TWO_FACTOR_CODE_INVALID',
  );
  expect(
    (await app.post('/api/app/user/validatePass', { password: 'clave-equivocada' }, other)).json(),
  ).toEqual({ status: false });
  // and those that name the account itself: its wrong second-step codes and the day's warning of
  // them, as sign-in's second step writes them (two-factor/account-codes.ts, challenges.ts)
  await app.ctx.db.insert(throttleHits).values(
    ['two-factor-account', 'two-factor-wrong-code-notice'].map((name) => ({
      key: `${name}:${ana.userId}`,
      createdAt: now,
    })),
  );
}

describe('the deletion, 7 days later', () => {
  it('deletes every personal row and file, tells the phone, keeps payments without the person, and frees the e-mail', async () => {
    const referrer = await signUpUser(app);
    const referrerId = (await idOf(referrer.email))!;
    const ana = await userWithPhone(app);
    const bob = await signUpUser(app);
    const bobId = (await idOf(bob.email))!;
    const db = app.ctx.db;
    const now = app.clock.now;

    // what an account gathers: a profile with avatar and RUT, a lost-mode photo, a route, an SOS,
    // a network both ways, a reset link, throttle rows, a Google link, a sales profile, a paid order
    const { route, alertIds, paid, commerceOrder } = await gatherPersonalData(
      ana,
      referrerId,
      bob.email,
      bobId,
    );
    const salesBefore = (
      await app.post('/api/app/sales/getSalesResumen', { month: chileMonthOf(now) }, referrer.token)
    ).json();
    expect(salesBefore.amount_payments).toBe(9990);

    const storedBefore = [...(await app.storedFiles('avatars')), ...(await app.storedFiles('lost-reports'))];
    const anaRow = (await userRow(ana.userId))!;
    const [photo] = await db.select().from(lostReports).where(eq(lostReports.deviceId, ana.internalId));
    const fileKeys = [anaRow.avatarKey!, photo!.imageKey];
    for (const key of fileKeys) expect(await app.readStored(key)).not.toBeNull();
    expect(storedBefore.length).toBeGreaterThan(0);

    await throttleRowsNamingTheAccount(ana);
    const sessionKeys = (ids: number[]) =>
      ids.flatMap((id) => [`password-again-session:${id}`, `two-factor-confirm-session:${id}`]);
    const accountKeys = [`two-factor-account:${ana.userId}`, `two-factor-wrong-code-notice:${ana.userId}`];
    const keysLeft = async (keys: string[]) =>
      (await db.select({ key: throttleHits.key }).from(throttleHits)).filter((row) => keys.includes(row.key));
    const otherIds = (
      await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, ana.userId))
    ).map((s) => s.id);
    expect(await keysLeft([...sessionKeys(otherIds), ...accountKeys])).toHaveLength(4);

    // the phone is connected when the deletion comes
    const phone = await connect(`${url}${DEVICE_NAMESPACE}`, ana.deviceToken);
    const told = phone.next('accountDeleted', () => true, 10_000);
    const closed = new Promise<string>((resolve) => phone.once('disconnect', resolve));

    expect((await requestDeletion(ana.token, ana.password)).statusCode).toBe(200);
    const sessionIds = (
      await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, ana.userId))
    ).map((s) => s.id);

    // a day short of the date: nothing happens
    app.clock.advance(ACCOUNT_DELETION_DELAY_MS - 24 * HOUR);
    await deleteDueAccounts(app.ctx);
    expect(await userRow(ana.userId)).toBeDefined();

    app.clock.advance(24 * HOUR + 1);
    await deleteDueAccounts(app.ctx);
    await deleteDueAccounts(app.ctx); // a repeated run changes nothing more

    expect(await userRow(ana.userId)).toBeUndefined();
    // every row that pointed at the account, its phone, route, alert: none left (payments aside)
    const left = await rowsReferencing('users', [ana.userId]);
    expect(left).toEqual({});
    expect(await rowsReferencing('devices', [ana.internalId])).toEqual({});
    expect(await rowsReferencing('trackings', [route!.id])).toEqual({});
    expect(await rowsReferencing('alerts', alertIds)).toEqual({});
    expect(await db.select().from(devices).where(eq(devices.deviceId, ana.deviceId))).toEqual([]);
    expect(
      await db
        .select()
        .from(securityNetworkMembers)
        .where(
          or(eq(securityNetworkMembers.ownerUserId, ana.userId), eq(securityNetworkMembers.email, ana.email)),
        ),
    ).toEqual([]);
    // the throttle rows that named the account: by e-mail, and by its sessions
    const email = ana.email.toLowerCase();
    expect(
      await db
        .select()
        .from(throttleHits)
        .where(like(throttleHits.key, `%${email}%`)),
    ).toEqual([]);
    expect(await keysLeft([...sessionKeys(sessionIds), ...accountKeys])).toEqual([]);

    // files: gone from the store once the delivery the deletion started has ended, nothing left to remove
    await app.ctx.background.settled();
    for (const key of fileKeys) expect(await app.readStored(key)).toBeNull();
    expect((await releasedFiles()).filter((row) => row.deliveredAt === null)).toEqual([]);

    // payments: kept, without the account, the referrer still paid its commission
    const [kept] = await db.select().from(payments).where(eq(payments.id, paid!.id));
    expect(kept).toMatchObject({
      userId: null,
      deletedAccountReferrerId: referrerId,
      amount: 9990,
      status: 'paid',
    });
    const [sandbox] = await db
      .select()
      .from(flowSandboxPayments)
      .where(eq(flowSandboxPayments.commerceOrder, commerceOrder));
    expect(sandbox!.email).toBe('');
    const everything = JSON.stringify(await db.select().from(payments).where(eq(payments.id, paid!.id)));
    for (const personal of [ana.name, ana.email, '111111111']) expect(everything).not.toContain(personal);
    const salesAfter = (
      await app.post('/api/app/sales/getSalesResumen', { month: chileMonthOf(now) }, referrer.token)
    ).json();
    expect(salesAfter.amount_payments).toBe(9990);
    expect(salesAfter.user_payments).toEqual([expect.objectContaining({ user_id: null, amount: 9990 })]);

    // the phone was told, and its token no longer works
    await expect(told).resolves.toEqual({});
    await closed;
    phone.close();
    await expect(connect(`${url}${DEVICE_NAMESPACE}`, ana.deviceToken)).rejects.toThrow();

    // the e-mail is free again
    const again = await app.post(
      '/api/auth/signUpByCode',
      { name: 'Ana Nueva', email: ana.email, password: 'otra-clave-segura' },
      undefined,
      randomAddress(),
    );
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('the deletion, 7 days later: an open atención, and a file that could not be removed', () => {
  it('waits for an open atención: the customer is told, the central keeps it until it is closed', async () => {
    const operator = await makeOperator(app);
    const eva = await signUpUser(app);
    const evaId = (await idOf(eva.email))!;
    const opened = await app.post('/api/operator/atenciones/open', { email: eva.email }, operator.token);
    expect(opened.statusCode, opened.body).toBe(201);
    const atencionId = opened.json().atencion.id as number;
    // a video of the atención, as the evidence upload stores it
    const videoKey = `atenciones/${atencionId}/${randomBytes(6).toString('hex')}.mp4`;
    await app.ctx.storage.put(videoKey, Buffer.from('not really a video'));
    await app.ctx.db.insert(atencionEvidence).values({
      atencionId,
      storageKey: videoKey,
      contentType: 'video/mp4',
      sizeBytes: 18,
      sha256: 'x'.repeat(64),
      createdBy: operator.userId,
      createdAt: app.clock.now,
    });

    const asked = await requestDeletion(eva.token, eva.password);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().open_atencion).toBe(true);
    const { mail } = await cancelTokenFor(eva.email);
    expect(mail.text).toContain('La central conservará tu atención abierta hasta cerrarla');

    app.clock.advance(ACCOUNT_DELETION_DELAY_MS + HOUR);
    await deleteDueAccounts(app.ctx);
    expect(await userRow(evaId)).toBeDefined();
    expect(await app.ctx.db.select().from(atenciones).where(eq(atenciones.id, atencionId))).toHaveLength(1);
    expect(await app.readStored(videoKey)).not.toBeNull();

    const closedAtencion = await app.post(
      '/api/operator/atenciones/close',
      { atencion_id: atencionId },
      operator.token,
    );
    expect(closedAtencion.statusCode, closedAtencion.body).toBe(200);
    await deleteDueAccounts(app.ctx);
    expect(await userRow(evaId)).toBeUndefined();
    expect(await app.ctx.db.select().from(atenciones).where(eq(atenciones.id, atencionId))).toEqual([]);
    await app.ctx.background.settled();
    expect(await app.readStored(videoKey)).toBeNull();
  });

  it('tries a file whose removal failed again, past the usual tries, until it is gone', async () => {
    const ana = await signUpUser(app);
    const anaId = (await idOf(ana.email))!;
    expect((await app.post('/api/app/user/updateAvatar', { avatar }, ana.token)).statusCode).toBe(200);
    const { avatarKey } = (await userRow(anaId))!;
    expect((await requestDeletion(ana.token, ana.password)).statusCode).toBe(200);
    app.clock.advance(ACCOUNT_DELETION_DELAY_MS + HOUR);
    const released = async () => {
      await app.ctx.background.settled();
      return (await releasedFiles()).find((row) =>
        (row.payload as { keys: string[] }).keys.includes(avatarKey!),
      );
    };

    // the store stops answering (a bucket down): stands in for the outside, not for our code
    const storage = app.ctx.storage;
    const realDelete = storage.delete.bind(storage);
    storage.delete = () => Promise.reject(new Error('the bucket does not answer'));
    const { retryDelaysMs } = DURABLE_EVENTS.storedFilesReleased;
    try {
      await deleteDueAccounts(app.ctx);
      expect(await userRow(anaId)).toBeUndefined();
      expect(await released()).toMatchObject({ attempts: 1, deliveredAt: null });
      // every wait of the list, then the last one again: a file of a deleted account is never given up
      for (const delay of [...retryDelaysMs, retryDelaysMs.at(-1)!]) {
        app.clock.advance(delay);
        await deliverEvents(app.ctx, 'long');
      }
    } finally {
      storage.delete = realDelete;
    }
    expect(await app.readStored(avatarKey!)).not.toBeNull();
    expect(await released()).toMatchObject({ attempts: retryDelaysMs.length + 2, deliveredAt: null });

    // the bucket is back: the next try removes it
    app.clock.advance(retryDelaysMs.at(-1)!);
    await deliverEvents(app.ctx, 'long');
    expect(await app.readStored(avatarKey!)).toBeNull();
    expect((await released())!.deliveredAt).not.toBeNull();
  });
});

/** the month of `date` in Chile (getSalesResumen's `month`: the latest such month) */
function chileMonthOf(date: Date) {
  return Number(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Santiago', month: 'numeric' }).format(date),
  );
}
