import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { unzip } from '../../../test/zip.ts';
import xmlParser from 'fast-xml-parser';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { everythingRead, mailsTo, verifyEmailOf } from '../../../test/outbox.ts';
import { makeOperator } from '../../../test/operators.ts';
import { users } from '../accounts/accounts.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { lostReports } from '../lostphone/lostphone.schema.ts';
import { trackingPoints, trackings } from '../tracking/tracking.schema.ts';
import { payments } from '../payments/payments.schema.ts';
import { securityNetworkMembers } from '../network/network.schema.ts';
import { atencionEvidence, atencionNotes, atenciones } from '../atenciones/atenciones.schema.ts';
import { accountActivity } from '../activity/activity.schema.ts';
import { salesProfiles } from '../sales/sales.schema.ts';
import { dataExports } from './export.schema.ts';
import { deleteExpiredDataExports } from './export.service.ts';
import { DURABLE_EVENTS } from '../../lib/events.ts';
import { eventOutbox } from '../../lib/outbox/outbox.schema.ts';
import { deliverEvents } from '../../lib/outbox/outbox.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

let app: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  // the server's log at info, kept: the export's link must never reach it (docs/privacy.md)
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await createTestApp({ LOG_LEVEL: 'info' }, undefined, { logStream });
});
afterAll(() => app.close());

/** a JPEG's first bytes and some noise: what the export must copy byte for byte */
const fakeJpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]);

async function accountWithData() {
  const ana = await signUpUser(app);
  const [user] = await app.ctx.db.select().from(users).where(eq(users.email, ana.email));
  const phone = await app.post(
    '/api/device/register',
    {
      device_id: `android-${randomBytes(4).toString('hex')}`,
      device_brand: 'Samsung',
      device_name: 'Teléfono <de> Ana',
      device_model: 'Galaxy A54',
      device_so: 'android',
      device_soversion: 14,
    },
    ana.token,
  );
  expect(phone.statusCode).toBe(200);
  const deviceRowId = phone.json().device.id as number;

  const photo = fakeJpeg();
  const photoKey = `lost/${deviceRowId}/${randomBytes(4).toString('hex')}.jpg`;
  await app.ctx.storage.put(photoKey, photo);
  const [report] = await app.ctx.db
    .insert(lostReports)
    .values({ deviceId: deviceRowId, lat: -33.45, lng: -70.66, imageKey: photoKey })
    .returning();

  const [route] = await app.ctx.db.insert(trackings).values({ deviceId: deviceRowId }).returning();
  const start = app.clock.now.getTime();
  await app.ctx.db.insert(trackingPoints).values(
    [0, 1, 2].map((i) => ({
      trackingId: route!.id,
      lat: -33.4 - i / 100,
      lng: -70.6 - i / 100,
      recordedAt: new Date(start + i * 1000),
    })),
  );

  await app.ctx.db.insert(payments).values({
    userId: user!.id,
    planId: 2,
    monthsPaid: 6,
    amount: 29_990,
    commerceOrder: `order-${randomBytes(4).toString('hex')}`,
    status: 'paid',
    flowToken: `secret-flow-token-${user!.id}`,
  });
  await app.ctx.db.insert(securityNetworkMembers).values({
    ownerUserId: user!.id,
    name: 'Beto',
    email: 'beto@example.cl',
    phone: '+56911112222',
    status: 'pendiente',
    codeHash: randomBytes(32).toString('hex'),
    codeExpiresAt: new Date(start + DAY_MS),
  });

  const operator = await makeOperator(app);
  const [atencion] = await app.ctx.db
    .insert(atenciones)
    .values({ userId: user!.id, operatorId: operator.userId, startedAt: app.clock.now })
    .returning();
  await app.ctx.db.insert(atencionNotes).values({
    atencionId: atencion!.id,
    title: 'Llamada',
    description: 'La clienta reportó un robo.',
    createdBy: operator.userId,
    createdAt: app.clock.now,
  });
  const video = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(5000)]);
  const videoKey = `evidence/${atencion!.id}/${randomBytes(4).toString('hex')}.webm`;
  await app.ctx.storage.put(videoKey, video);
  await app.ctx.db.insert(atencionEvidence).values({
    atencionId: atencion!.id,
    storageKey: videoKey,
    contentType: 'video/webm',
    sizeBytes: video.length,
    sha256: 'a'.repeat(64),
    createdBy: operator.userId,
    createdAt: app.clock.now,
  });
  return { ...ana, user: user!, photo, report: report!, route: route!, video };
}

const exportStatus = async (token: string) =>
  (await app.post('/api/app/account/exportStatus', {}, token)).json();

/** the e-mails to `email` that say an export is ready */
const exportMailsTo = async (email: string) =>
  (await mailsTo(app, email)).filter((mail) => mail.subject?.startsWith('Tu copia de datos está lista'));

/** sweeps the outbox as its job does; the delivery the request started may have made the export first */
async function runExportJob({ token, email }: { token: string; email: string }) {
  await deliverEvents(app.ctx, 'long');
  await vi.waitFor(
    async () => {
      expect((await exportStatus(token)).state).toBe('ready');
      expect(await exportMailsTo(email)).not.toHaveLength(0);
    },
    { timeout: 15_000, interval: 100 },
  );
  return exportStatus(token);
}

const download = (url: string) => app.app.inject({ method: 'GET', url });

/** every file of a ZIP by its name */
const countRows = async (userId: number) =>
  (await app.ctx.db.select().from(dataExports).where(eq(dataExports.userId, userId))).length;

describe('app/account/export: the password', () => {
  it('refuses a wrong or missing password and starts nothing', async () => {
    const ana = await accountWithData();
    const wrong = await app.post('/api/app/account/export', { password: 'no-es-la-clave' }, ana.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', fields: { password: expect.any(String) } });
    const missing = await app.post('/api/app/account/export', {}, ana.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION');
    const signedOut = await app.post('/api/app/account/export', { password: ana.password });
    expect(signedOut.statusCode).toBe(401);

    expect(await countRows(ana.user.id)).toBe(0);
    const activity = await app.ctx.db
      .select()
      .from(accountActivity)
      .where(eq(accountActivity.userId, ana.user.id));
    expect(activity.map((entry) => entry.kind)).not.toContain('data_exported');
    expect((await exportStatus(ana.token)).state).toBe('none');
  });
});

describe('app/account/export: the ZIP, its link and the activity', () => {
  it('makes the ZIP apart, e-mails a link that downloads it, and records the activity', async () => {
    const ana = await accountWithData();
    // sales: Ana's sales profile, and an account that signed up through her link and paid
    await app.ctx.db.insert(salesProfiles).values({
      userId: ana.user.id,
      status: 1,
      bank: 'Banco Estado',
      accountType: 'vista',
      accountNumber: '123456',
      holder: 'Ana Pérez',
      holderRut: '111111111',
    });
    const referred = await signUpUser(app, { name: 'Rita Referida' });
    const [referredRow] = await app.ctx.db
      .update(users)
      .set({ referredByUserId: ana.user.id })
      .where(eq(users.email, referred.email))
      .returning({ id: users.id });
    await app.ctx.db.insert(payments).values({
      userId: referredRow!.id,
      planId: 2,
      monthsPaid: 1,
      amount: 9_990,
      commerceOrder: `order-${randomBytes(4).toString('hex')}`,
      status: 'paid',
      paymentDate: '2026-11-20 10:00:00',
      appliedAt: app.clock.now,
    });
    const asked = await app.post('/api/app/account/export', { password: ana.password }, ana.token);
    expect(asked.statusCode).toBe(201);
    expect(asked.json().state).toMatch(/^(preparing|ready)$/);

    const status = await runExportJob(ana);
    expect(status.download_url).toMatch(
      /^\/api\/account\/export\/download\/\d+\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
    expect(new Date(status.expires_at).getTime()).toBeGreaterThan(app.clock.now.getTime() + DAY_MS - 60_000);

    const [mail] = await exportMailsTo(ana.email);
    expect(mail!.subject).toBe('Tu copia de datos está lista - Escudo');
    expect(mail!.text).toContain(`http://escudo.test${status.download_url}`);
    // an address nobody proved: no name, here or in LEEME.txt (decision 050; a verified one's below)
    expect(mail!.text).toMatch(/^Hola:$/m);
    expect(everythingRead(mail!)).not.toContain(ana.name);

    const response = await download(status.download_url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="escudo-mis-datos-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = await unzip(response.rawPayload);
    for (const name of [
      'LEEME.txt',
      'perfil.json',
      'dispositivos.json',
      'modo-perdido/reportes.json',
      `modo-perdido/fotos/reporte-${ana.report.id}.jpg`,
      'rutas.json',
      `rutas/ruta-${ana.route.id}.gpx`,
      'pagos.json',
      'red-de-seguridad.json',
      'ventas.json',
      'atenciones.json',
      'alertas.json',
      'central.json',
      'actividad.json',
    ]) {
      expect(files.has(name), name).toBe(true);
    }
    const readJson = (name: string) => JSON.parse(files.get(name)!.toString('utf8'));

    expect(files.get('LEEME.txt')!.toString('utf8')).toContain('perfil.json');
    expect(files.get('LEEME.txt')!.toString('utf8')).toMatch(/^Hola:$/m);
    expect(files.get('LEEME.txt')!.toString('utf8')).not.toContain(ana.name);
    expect(readJson('perfil.json')).toMatchObject({
      nombre: ana.name,
      email: ana.email,
      email_verificado: null,
      cuenta_solo_tuya_desde: null,
      cambio_de_email_en_curso: null,
    });
    expect(readJson('dispositivos.json').dispositivos[0].nombre).toBe('Teléfono <de> Ana');
    // and its last state, as the server keeps it (never connected in this test)
    expect(readJson('dispositivos.json').dispositivos[0]).toMatchObject({
      ultima_conexion: null,
      bateria: null,
      cargando: null,
      red: null,
      estado_informado: null,
    });
    expect(files.get(`modo-perdido/fotos/reporte-${ana.report.id}.jpg`)!.equals(ana.photo)).toBe(true);
    expect(readJson('modo-perdido/reportes.json').reportes[0]).toMatchObject({
      latitud: -33.45,
      foto: `modo-perdido/fotos/reporte-${ana.report.id}.jpg`,
    });
    const videoName = [...files.keys()].find((name) => name.startsWith('atenciones/videos/'));
    expect(files.get(videoName!)!.equals(ana.video)).toBe(true);
    expect(readJson('atenciones.json').atenciones[0].notas[0].titulo).toBe('Llamada');
    expect(readJson('pagos.json').pagos[0]).toMatchObject({ monto_clp: 29_990, estado: 'paid' });
    expect(readJson('red-de-seguridad.json').personas_que_invitaste[0].email).toBe('beto@example.cl');
    expect(readJson('ventas.json')).toEqual({
      perfil_de_ventas: expect.objectContaining({
        estado: 'activo',
        banco: 'Banco Estado',
        numero_de_cuenta: '123456',
      }),
      cuentas_referidas: [
        {
          nombre: 'Rita Referida',
          registrada: expect.any(String),
          pagos: [{ monto_clp: 9_990, fecha_de_pago: '2026-11-20 10:00:00', aplicado: expect.any(String) }],
        },
      ],
    });
    expect(readJson('actividad.json').actividad.map((entry: { tipo: string }) => entry.tipo)).toContain(
      'data_exported',
    );

    const gpx = files.get(`rutas/ruta-${ana.route.id}.gpx`)!.toString('utf8');
    expect(xmlParser.validate(gpx)).toBe(true);
    const parsed = xmlParser.parse(gpx, { ignoreAttributes: false, attributeNamePrefix: '' });
    const points = parsed.gpx.trk.trkseg.trkpt as { lat: string; lon: string }[];
    expect(points).toHaveLength(3);
    expect(Number(points[0]!.lat)).toBeCloseTo(-33.4);
    // the phone's name, escaped: the file stays valid XML whatever the name holds
    expect(parsed.gpx.trk.name).toContain('Teléfono &lt;de&gt; Ana');

    // no secret anywhere: not the password, its hash, a token hash or Flow's token
    const everything = [...files.values()].map((bytes) => bytes.toString('latin1')).join('\n');
    expect(everything).not.toContain(ana.user.passwordHash!);
    expect(everything).not.toContain('$argon2');
    expect(everything).not.toContain(ana.password);
    expect(everything).not.toContain(`secret-flow-token-${ana.user.id}`);
    const [device] = await app.ctx.db.select().from(devices).where(eq(devices.userId, ana.user.id));
    expect(everything).not.toContain(device!.tokenHash!);

    // the activity log says so, through its own endpoint
    const activity = (await app.post('/api/app/account/activity', {}, ana.token)).json();
    expect(activity.activity.map((entry: { kind: string }) => entry.kind)).toContain('data_exported');

    // the link is never logged (docs/privacy.md)
    const signature = new URL(status.download_url, 'http://x').searchParams.get('signature')!;
    expect(logLines.join('')).not.toContain(signature);
  });
});

describe('app/account/export: made by the outbox (decision 055)', () => {
  it('is e-mailed once though its delivery runs again', async () => {
    const ana = await accountWithData();
    await app.post('/api/app/account/export', { password: ana.password }, ana.token);
    await runExportJob(ana);
    // a process that died after the e-mail, before the row said so: another delivers it again
    await app.ctx.db
      .update(eventOutbox)
      .set({ deliveredAt: null, doneBy: [], availableAt: new Date(app.clock.now.getTime() - 1000) })
      .where(eq(eventOutbox.event, 'dataExportRequested'));
    await deliverEvents(app.ctx, 'long');
    expect(await exportMailsTo(ana.email)).toHaveLength(1);
    expect((await exportStatus(ana.token)).state).toBe('ready');
  });

  it('is tried again when its ZIP cannot be stored, and is `failed` after the last try', async () => {
    const ana = await accountWithData();
    // the store stops answering (a bucket down): stands in for the outside, not for our code
    const storage = app.ctx.storage;
    const realWrite = storage.write.bind(storage);
    storage.write = () => Promise.reject(new Error('the bucket does not answer'));
    try {
      await app.post('/api/app/account/export', { password: ana.password }, ana.token);
      await app.ctx.background.settled();
      expect((await exportStatus(ana.token)).state).toBe('preparing');
      for (const delay of DURABLE_EVENTS.dataExportRequested.retryDelaysMs) {
        app.clock.advance(delay);
        await deliverEvents(app.ctx, 'long');
      }
    } finally {
      storage.write = realWrite;
    }
    const status = await exportStatus(ana.token);
    expect(status.state).toBe('failed');
    // a failed export does not count: the person may ask again at once
    expect(status.next_allowed_at).toBeNull();
    expect(await exportMailsTo(ana.email)).toEqual([]);
  });
});

describe('app/account/export: the link expiring, the name, whose data, and the limits', () => {
  it('refuses the link after 24 hours, and the scheduled work removes the file', async () => {
    const ana = await accountWithData();
    await app.post('/api/app/account/export', { password: ana.password }, ana.token);
    const { download_url: url } = await runExportJob(ana);
    const [row] = await app.ctx.db.select().from(dataExports).where(eq(dataExports.userId, ana.user.id));
    expect(await app.readStored(row!.storageKey!)).not.toBeNull();

    app.clock.advance(DAY_MS + 1000);
    const late = await download(url);
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('EXPORT_LINK_INVALID');
    // a browser following the e-mail's link is sent to the panel's page that says what to do
    const followed = await app.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(followed.statusCode).toBe(303);
    expect(followed.headers.location).toBe('/descarga-vencida');
    expect((await exportStatus(ana.token)).state).toBe('expired');

    await deleteExpiredDataExports(app.ctx);
    expect(await app.readStored(row!.storageKey!)).toBeNull();
    const [expired] = await app.ctx.db.select().from(dataExports).where(eq(dataExports.id, row!.id));
    expect(expired).toMatchObject({ status: 'expired', storageKey: null });
  });

  it('greets by name, in the e-mail and LEEME.txt, an account whose address is verified', async () => {
    const ana = await signUpUser(app, { name: 'Ana Verificada' });
    const token = await verifyEmailOf(app, ana);
    expect((await app.post('/api/app/account/export', { password: ana.password }, token)).statusCode).toBe(
      201,
    );
    const status = await runExportJob({ token, email: ana.email });
    const [mail] = await exportMailsTo(ana.email);
    expect(mail!.text).toMatch(/^Hola Ana Verificada:$/m);
    expect(mail!.html).toContain('<p>Hola Ana Verificada:</p>');
    const files = await unzip((await download(status.download_url)).rawPayload);
    expect(files.get('LEEME.txt')!.toString('utf8')).toMatch(/^Hola Ana Verificada:$/m);
  });

  it("gives nothing of one customer's export to another", async () => {
    const ana = await accountWithData();
    const beto = await accountWithData();
    await app.post('/api/app/account/export', { password: ana.password }, ana.token);
    const { download_url: anaUrl } = await runExportJob(ana);
    // Beto's panel knows nothing of Ana's export
    expect(await exportStatus(beto.token)).toMatchObject({ state: 'none', download_url: null });

    await app.post('/api/app/account/export', { password: beto.password }, beto.token);
    const { download_url: betoUrl } = await runExportJob(beto);
    // Beto's signature does not open Ana's export, and a forged one opens nothing
    const anaId = /download\/(\d+)/.exec(anaUrl)![1]!;
    const bent = betoUrl.replace(/download\/\d+/, `download/${anaId}`);
    expect((await download(bent)).statusCode).toBe(410);
    const forged = anaUrl.replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(64)}`);
    expect((await download(forged)).statusCode).toBe(410);
    expect((await download(anaUrl.replace(/\?.*$/, ''))).statusCode).toBe(400);
    // each link opens its own account's data
    const betoFiles = await unzip((await download(betoUrl)).rawPayload);
    expect(JSON.parse(betoFiles.get('perfil.json')!.toString('utf8')).email).toBe(beto.email);
  });

  it('allows one export a day, saying from when the next one may be asked', async () => {
    const ana = await accountWithData();
    expect(
      (await app.post('/api/app/account/export', { password: ana.password }, ana.token)).statusCode,
    ).toBe(201);
    const again = await app.post('/api/app/account/export', { password: ana.password }, ana.token);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('EXPORT_TOO_SOON');
    expect(again.json().message).toMatch(
      /Podrás pedir otra desde el \d{2}-\d{2}-\d{4} \d{2}:\d{2} \(hora de Chile\)/,
    );
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(DAY_MS / 1000 - 120);
    expect(await countRows(ana.user.id)).toBe(1);
    const status = await runExportJob(ana);
    expect(status.next_allowed_at).not.toBeNull();

    app.clock.advance(DAY_MS + 1000);
    expect((await exportStatus(ana.token)).next_allowed_at).toBeNull();
    const nextDay = await app.post('/api/app/account/export', { password: ana.password }, ana.token);
    expect(nextDay.statusCode).toBe(201);
    expect(await countRows(ana.user.id)).toBe(2);
  });

  it('limits wrong passwords per session', async () => {
    const ana = await accountWithData();
    for (let i = 0; i < 5; i += 1) {
      expect((await app.post('/api/app/account/export', { password: 'mal' }, ana.token)).statusCode).toBe(
        400,
      );
    }
    const limited = await app.post('/api/app/account/export', { password: ana.password }, ana.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(await countRows(ana.user.id)).toBe(0);
  });
});
