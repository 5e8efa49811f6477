import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, like, sql } from 'drizzle-orm';
import { EVIDENCE_MAX_BYTES, FILE_URL_TTL_MS, errorMessages, type ActivityEntry } from '@escudo/contract';
import { LINK_EXPIRY_STEP_MS } from '../../lib/storage/signed-links.ts';
import { createTestApp, signUpUser, TEST_STORAGES, type TestApp } from '../../../test/test-app.ts';
import { atencionEvidence, atencionNotes, atenciones } from './atenciones.schema.ts';
import { accountActivity } from '../activity/activity.schema.ts';
import { createDemoVideo } from '../seed/demo-video.ts';
import { makeOperator } from '../../../test/operators.ts';
import { forgeSignature } from '../../../test/forged-signature.ts';
import { box, ftyp, isoVideo } from '../../../test/iso-video.ts';
import { EVIDENCE_LINK_KEPT_AFTER_END_MS, deleteEndedEvidenceLinks } from './atenciones.jobs.ts';

let app: TestApp;
let video: Buffer;
beforeAll(async () => {
  app = await createTestApp();
  video = await createDemoVideo({ frames: 4 });
});
afterAll(() => app.close());

const BOUNDARY = 'escudo-test-boundary';

/** A multipart form: the fields first, then the file (as the contract asks). */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

function upload(token: string, payload: Buffer | Readable, on: TestApp = app) {
  return on.app.inject({
    method: 'POST',
    url: '/api/operator/atenciones/evidence',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload,
  });
}

/** every file stored under DATA_DIR/files/atenciones (partial ones included) */
async function storedFiles(): Promise<string[]> {
  const root = path.join(app.dataDir, 'files', 'atenciones');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

async function openFor(operatorToken: string, email: string, on: TestApp = app): Promise<number> {
  const opened = await on.post('/api/operator/atenciones/open', { email }, operatorToken);
  expect(opened.statusCode, opened.body).toBe(201);
  return (opened.json() as { atencion: { id: number } }).atencion.id;
}

describe('the operator API', () => {
  it('is for operators only: no session 401, a customer 403 FORBIDDEN on every route', async () => {
    const customer = await signUpUser(app);
    const calls: [string, unknown][] = [
      ['/api/operator/atenciones/open', { email: customer.email }],
      ['/api/operator/atenciones/note', { atencion_id: 1, title: 'a', description: 'b' }],
      ['/api/operator/atenciones/close', { atencion_id: 1 }],
      ['/api/operator/atenciones/list', { limit: 15, page: 1 }],
      ['/api/operator/atenciones/detail', { atencion_id: 1 }],
    ];
    for (const [url, body] of calls) {
      const refused = await app.post(url, body, customer.token);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
      expect((await app.post(url, body)).statusCode, url).toBe(401);
    }
    const form = multipart({ atencion_id: '1' }, { name: 'a.webm', type: 'video/webm', data: video });
    const refusedUpload = await upload(customer.token, form);
    expect(refusedUpload.statusCode).toBe(403);
    expect(refusedUpload.json().code).toBe('FORBIDDEN');
    expect(await app.ctx.db.select().from(atenciones)).toEqual([]);
  });

  it('opens, notes, attaches a video and closes, recording who and when', async () => {
    const operator = await makeOperator(app, { name: 'Rodrigo Operador' });
    const customer = await signUpUser(app, { name: 'Carla Cliente' });
    const missing = await app.post(
      '/api/operator/atenciones/open',
      { email: 'nadie@example.cl' },
      operator.token,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('CUSTOMER_NOT_FOUND');
    // an operator is not a customer to attend
    const other = await makeOperator(app);
    expect(
      (await app.post('/api/operator/atenciones/open', { email: other.email }, operator.token)).json().code,
    ).toBe('CUSTOMER_NOT_FOUND');

    const opened = await app.post(
      '/api/operator/atenciones/open',
      { email: customer.email.toUpperCase() },
      operator.token,
    );
    expect(opened.statusCode, opened.body).toBe(201);
    const { atencion } = opened.json() as { atencion: { id: number; admin: { name: string }; end: null } };
    expect(atencion).toMatchObject({
      admin: { name: 'Rodrigo Operador' },
      customer: { name: 'Carla Cliente', email: customer.email },
      end: null,
      notes_count: 0,
      evidence_count: 0,
    });

    const note = await app.post(
      '/api/operator/atenciones/note',
      {
        atencion_id: atencion.id,
        title: 'Llamado recibido',
        description: 'El cliente reporta un robo.\nSe envía patrulla.',
      },
      operator.token,
    );
    expect(note.statusCode, note.body).toBe(201);
    const [noteRow] = await app.ctx.db
      .select()
      .from(atencionNotes)
      .where(eq(atencionNotes.atencionId, atencion.id));
    expect(noteRow).toMatchObject({ createdBy: operator.userId, title: 'Llamado recibido' });

    const uploaded = await upload(
      operator.token,
      multipart(
        { atencion_id: String(atencion.id) },
        { name: 'camara.webm', type: 'video/webm', data: video },
      ),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { evidence } = uploaded.json() as {
      evidence: { sha256: string; size: number; content_type: string; file_url: string };
    };
    expect(evidence).toMatchObject({
      sha256: createHash('sha256').update(video).digest('hex'),
      size: video.length,
      content_type: 'video/webm',
    });
    const [evidenceRow] = await app.ctx.db
      .select()
      .from(atencionEvidence)
      .where(eq(atencionEvidence.atencionId, atencion.id));
    expect(evidenceRow).toMatchObject({ createdBy: operator.userId, sizeBytes: video.length });
    // the stored file is the video as sent
    const served = await app.app.inject({ method: 'GET', url: evidence.file_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/webm');
    expect(served.rawPayload.equals(video)).toBe(true);

    app.clock.advance(5 * 60 * 1000);
    const closed = await app.post(
      '/api/operator/atenciones/close',
      { atencion_id: atencion.id },
      other.token,
    );
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().atencion).toMatchObject({ notes_count: 1, evidence_count: 1 });
    const [row] = await app.ctx.db.select().from(atenciones).where(eq(atenciones.id, atencion.id));
    expect(row).toMatchObject({ operatorId: operator.userId, closedBy: other.userId });
    expect(row!.endedAt!.getTime() - row!.startedAt.getTime()).toBe(5 * 60 * 1000);

    // closed: no more notes or videos; closing again keeps who closed it first
    const late = await app.post(
      '/api/operator/atenciones/note',
      { atencion_id: atencion.id, title: 'Tarde', description: 'x' },
      operator.token,
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ATENCION_CLOSED');
    const lateVideo = await upload(
      operator.token,
      multipart({ atencion_id: String(atencion.id) }, { name: 'b.webm', type: 'video/webm', data: video }),
    );
    expect(lateVideo.json().code).toBe('ATENCION_CLOSED');
    await app.post('/api/operator/atenciones/close', { atencion_id: atencion.id }, operator.token);
    const [again] = await app.ctx.db.select().from(atenciones).where(eq(atenciones.id, atencion.id));
    expect(again!.closedBy).toBe(other.userId);

    const list = await app.post('/api/operator/atenciones/list', { limit: 15, page: 1 }, operator.token);
    expect(list.json().atenciones[0]).toMatchObject({ id: atencion.id, customer: { email: customer.email } });
    const detail = await app.post(
      '/api/operator/atenciones/detail',
      { atencion_id: atencion.id },
      operator.token,
    );
    expect(detail.json().atencion.notes).toHaveLength(1);
  });
});

describe('evidence uploads: what is not a video', () => {
  it('refuses what is not a video, by its content, and stores nothing', async () => {
    const operator = await makeOperator(app);
    const customer = await signUpUser(app);
    const id = await openFor(operator.token, customer.email);
    const before = await storedFiles();
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.alloc(2000)]);
    for (const data of [jpeg, Buffer.from('no soy un video'), Buffer.alloc(0)]) {
      const refused = await upload(
        operator.token,
        // whatever the name and type say
        multipart({ atencion_id: String(id) }, { name: 'video.mp4', type: 'video/mp4', data }),
      );
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().code).toBe('VIDEO_INVALID');
    }
    // no file, a wrong id, an unknown atención, JSON instead of a form
    expect((await upload(operator.token, multipart({ atencion_id: String(id) }))).json().code).toBe(
      'VIDEO_INVALID',
    );
    const badId = await upload(
      operator.token,
      multipart({ atencion_id: 'uno' }, { name: 'a.webm', type: 'video/webm', data: video }),
    );
    expect(badId.statusCode).toBe(400);
    expect(badId.json().code).toBe('VALIDATION');
    const unknown = await upload(
      operator.token,
      multipart({ atencion_id: '999999' }, { name: 'a.webm', type: 'video/webm', data: video }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(
      (await app.post('/api/operator/atenciones/evidence', { atencion_id: id }, operator.token)).statusCode,
    ).toBe(400);
    expect(await storedFiles()).toEqual(before);
    expect(
      await app.ctx.db.select().from(atencionEvidence).where(eq(atencionEvidence.atencionId, id)),
    ).toEqual([]);

    // QuickTime and MP4 are told apart by their ftyp brand
    for (const [major, contentType] of [
      ['qt  ', 'video/quicktime'],
      ['isom', 'video/mp4'],
    ]) {
      const accepted = await upload(
        operator.token,
        multipart(
          { atencion_id: String(id) },
          { name: 'IMG_0001.MOV', type: 'video/quicktime', data: isoVideo(major) },
        ),
      );
      expect(accepted.statusCode, accepted.body).toBe(201);
      expect(accepted.json().evidence.content_type).toBe(contentType);
    }
  });

  it('refuses HTML or SVG renamed .mp4 and broken containers by their structure, and stores nothing', async () => {
    const operator = await makeOperator(app);
    const customer = await signUpUser(app);
    const id = await openFor(operator.token, customer.email);
    const before = await storedFiles();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const mp4 = isoVideo('isom', 300_000);
    const cases: [string, Buffer][] = [
      ['HTML', html],
      ['SVG', svg],
      // the first 12 bytes of an MP4 used to be enough
      ['ftyp then HTML', Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('ftypisom'), html])],
      ['ftyp then SVG', Buffer.concat([ftyp('isom'), svg])],
      ['cut short', mp4.subarray(0, mp4.length - 1000)],
      ['no index', Buffer.concat([ftyp('isom'), box('mdat', Buffer.alloc(70_000))])],
      ['garbage after the last box', Buffer.concat([mp4, Buffer.from('<html>')])],
      ['WebM cut short', video.subarray(0, video.length - 10)],
    ];
    for (const [what, data] of cases) {
      const refused = await upload(
        operator.token,
        multipart({ atencion_id: String(id) }, { name: 'video.mp4', type: 'video/mp4', data }),
      );
      expect(refused.statusCode, what).toBe(400);
      expect(refused.json().code, what).toBe('VIDEO_INVALID');
      expect(refused.json().message, what).toMatch(/^El (archivo|video)/);
    }
    expect(await storedFiles()).toEqual(before);
    expect(
      await app.ctx.db.select().from(atencionEvidence).where(eq(atencionEvidence.atencionId, id)),
    ).toEqual([]);
  });
});

describe('evidence uploads: the 200 MB limit', () => {
  it('cuts off a video past 200 MB as soon as the limit is passed, and stores nothing', async () => {
    const operator = await makeOperator(app);
    const customer = await signUpUser(app);
    const id = await openFor(operator.token, customer.email);
    const before = await storedFiles();
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="atencion_id"\r\n\r\n${id}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="largo.webm"\r\nContent-Type: video/webm\r\n\r\n`,
    );
    const chunk = Buffer.alloc(1024 * 1024, 7);
    // a video that never ends, arriving as from a network (never synchronously): a server reading
    // it all would never answer
    let sent = 0;
    const endless = new Readable({
      read() {
        setImmediate(() => {
          const next = sent === 0 ? Buffer.concat([head, video]) : chunk;
          sent += next.length;
          this.push(next);
        });
      },
    });
    const refused = await upload(operator.token, endless);
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().code).toBe('VIDEO_TOO_LARGE');
    expect(refused.headers.connection).toBe('close');
    // it stopped reading soon after the limit (a few chunks of buffering at most)
    expect(sent).toBeGreaterThan(EVIDENCE_MAX_BYTES);
    expect(sent).toBeLessThan(EVIDENCE_MAX_BYTES + 16 * 1024 * 1024);
    endless.destroy();
    expect(await storedFiles()).toEqual(before);
    expect(
      await app.ctx.db.select().from(atencionEvidence).where(eq(atencionEvidence.atencionId, id)),
    ).toEqual([]);
  }, 60_000);

  it('takes a video of exactly 200 MB and refuses one of 200 MB and 1 byte', async () => {
    const operator = await makeOperator(app);
    const customer = await signUpUser(app);
    const id = await openFor(operator.token, customer.email);
    const before = await storedFiles();
    const form = (size: number) => {
      const head = Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="atencion_id"\r\n\r\n${id}\r\n` +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="v.webm"\r\nContent-Type: video/webm\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
      const chunk = Buffer.alloc(1024 * 1024);
      let left = size - video.length;
      let stage = 0;
      const next = (): Buffer | null => {
        if (stage === 0) {
          stage = 1;
          return Buffer.concat([head, video]);
        }
        if (left > 0) {
          const n = Math.min(left, chunk.length);
          left -= n;
          return n === chunk.length ? chunk : chunk.subarray(0, n);
        }
        if (stage === 1) {
          stage = 2;
          return tail;
        }
        return null;
      };
      // arriving as from a network, never synchronously
      return new Readable({
        read() {
          setImmediate(() => this.push(next()));
        },
      });
    };
    const tooLarge = await upload(operator.token, form(EVIDENCE_MAX_BYTES + 1));
    expect(tooLarge.statusCode, tooLarge.body).toBe(413);
    expect(tooLarge.json().code).toBe('VIDEO_TOO_LARGE');
    const exact = await upload(operator.token, form(EVIDENCE_MAX_BYTES));
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().evidence.size).toBe(EVIDENCE_MAX_BYTES);
    // the refused one left nothing; the accepted one is the only new file
    expect(await storedFiles()).toHaveLength(before.length + 1);
    const rows = await app.ctx.db.select().from(atencionEvidence).where(eq(atencionEvidence.atencionId, id));
    expect(rows).toHaveLength(1);
    await app.ctx.storage.delete(rows[0]!.storageKey);
  }, 120_000);
});

describe("the customer's atenciones", () => {
  it('pages them 15 at a time, newest first, and keeps them to their owner (403 for another)', async () => {
    const operator = await makeOperator(app, { name: 'Operadora Paula' });
    const customer = await signUpUser(app);
    const ids: number[] = [];
    for (let i = 0; i < 17; i += 1) {
      app.clock.advance(1000);
      const id = await openFor(operator.token, customer.email);
      ids.push(id);
      await app.post('/api/operator/atenciones/close', { atencion_id: id }, operator.token);
    }
    const first = await app.post(
      '/api/app/atenciones/getUserAtenciones',
      { limit: 15, page: 1 },
      customer.token,
    );
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json() as { atenciones: { id: number }[]; total_atenciones: number };
    expect(page1.total_atenciones).toBe(17);
    expect(page1.atenciones.map((a) => a.id)).toEqual(ids.slice(2).reverse());
    const second = (
      await app.post('/api/app/atenciones/getUserAtenciones', { limit: 15, page: 2 }, customer.token)
    ).json();
    expect(second.atenciones.map((a: { id: number }) => a.id)).toEqual([ids[1], ids[0]]);
    expect(second.atenciones[0]).toMatchObject({
      admin: { name: 'Operadora Paula' },
      notes_count: 0,
      evidence_count: 0,
    });

    const detail = await app.post(
      '/api/app/atenciones/getAtencionDetail',
      { atencion_id: ids[0] },
      customer.token,
    );
    expect(detail.statusCode).toBe(200);
    expect(detail.json().atencion).toMatchObject({ id: ids[0], notes: [], evidence: [], share: null });

    const stranger = await signUpUser(app);
    expect((await app.post('/api/app/atenciones/getUserAtenciones', {}, stranger.token)).json()).toEqual({
      atenciones: [],
      total_atenciones: 0,
    });
    const forbidden = await app.post(
      '/api/app/atenciones/getAtencionDetail',
      { atencion_id: ids[0] },
      stranger.token,
    );
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    const missing = await app.post(
      '/api/app/atenciones/getAtencionDetail',
      { atencion_id: 2_000_000 },
      stranger.token,
    );
    expect(missing.statusCode).toBe(404);
    for (const url of ['/api/app/atenciones/shareEvidence', '/api/app/atenciones/revokeShare']) {
      const refused = await app.post(url, { atencion_id: ids[0], hours: 24 }, stranger.token);
      // revokeShare takes no hours: the contract refuses it before ownership
      expect([400, 403]).toContain(refused.statusCode);
    }
    expect(
      (await app.post('/api/app/atenciones/revokeShare', { atencion_id: ids[0] }, stranger.token)).statusCode,
    ).toBe(403);
    expect(
      (
        await app.post(
          '/api/app/atenciones/shareEvidence',
          { atencion_id: ids[0], hours: 24 },
          stranger.token,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe.each(TEST_STORAGES)('videos on the %s, served by signed links', (storage) => {
  let on: TestApp;
  beforeAll(async () => {
    on = storage === 'disk' ? app : await createTestApp({}, undefined, { storage });
  });
  afterAll(async () => {
    if (on !== app) await on.close();
  });

  it('stores the video as sent, with its SHA-256, shown on the evidence link', async () => {
    const operator = await makeOperator(on);
    const customer = await signUpUser(on);
    const id = await openFor(operator.token, customer.email, on);
    const uploaded = await upload(
      operator.token,
      multipart({ atencion_id: String(id) }, { name: 'v.webm', type: 'video/webm', data: video }),
      on,
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const sha256 = createHash('sha256').update(video).digest('hex');
    expect(uploaded.json().evidence).toMatchObject({ sha256, size: video.length });
    const [row] = await on.ctx.db.select().from(atencionEvidence).where(eq(atencionEvidence.atencionId, id));
    expect(await on.storedFiles(`atenciones/${id}`)).toEqual([row!.storageKey]);
    expect((await on.readStored(row!.storageKey))!.equals(video)).toBe(true);
    const shared = await on.post(
      '/api/app/atenciones/shareEvidence',
      { atencion_id: id, hours: 24 },
      customer.token,
    );
    const token = (shared.json() as { url: string }).url.split('/evidencia/')[1]!;
    const page = (await on.app.inject({ method: 'GET', url: `/api/public/evidence/${token}` })).json();
    expect(page.evidence[0]).toMatchObject({ sha256, size: video.length });
    const served = await on.app.inject({ method: 'GET', url: page.evidence[0].file_url });
    expect(served.statusCode).toBe(200);
    expect(createHash('sha256').update(served.rawPayload).digest('hex')).toBe(sha256);
  });

  it('answers a range with 206, a range outside with 416, and the whole file with 200', async () => {
    const operator = await makeOperator(on);
    const customer = await signUpUser(on);
    const id = await openFor(operator.token, customer.email, on);
    const uploaded = await upload(
      operator.token,
      multipart({ atencion_id: String(id) }, { name: 'v.webm', type: 'video/webm', data: video }),
      on,
    );
    const url = (uploaded.json() as { evidence: { file_url: string } }).evidence.file_url;
    const get = (range?: string) => on.app.inject({ method: 'GET', url, headers: range ? { range } : {} });

    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers['content-length'])).toBe(video.length);

    const part = await get('bytes=100-199');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);

    const open = await get('bytes=50-');
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(video.subarray(50))).toBe(true);
    const suffix = await get('bytes=-10');
    expect(suffix.headers['content-range']).toBe(
      `bytes ${video.length - 10}-${video.length - 1}/${video.length}`,
    );
    expect(suffix.rawPayload.equals(video.subarray(-10))).toBe(true);
    // an end past the file is cut at its last byte
    expect((await get(`bytes=0-${video.length + 500}`)).headers['content-range']).toBe(
      `bytes 0-${video.length - 1}/${video.length}`,
    );

    for (const range of [
      `bytes=${video.length}-`,
      `bytes=${video.length + 10}-${video.length + 20}`,
      'bytes=-0',
    ]) {
      const outside = await get(range);
      expect(outside.statusCode, range).toBe(416);
      expect(outside.headers['content-range']).toBe(`bytes */${video.length}`);
    }
    // a forged signature is refused whatever the range
    expect((await on.app.inject({ method: 'GET', url: forgeSignature(url) })).statusCode).toBe(403);
    // past the link's time and the rounding step of expiries, whatever the clock's phase
    on.clock.advance(FILE_URL_TTL_MS + LINK_EXPIRY_STEP_MS);
    const expired = await get('bytes=0-9');
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('FILE_LINK_INVALID');
  });
});

describe('a bucket that fails during an upload', () => {
  it('answers STORAGE_UNAVAILABLE (503), records no row and keeps no object', async () => {
    const on = await createTestApp({}, undefined, { storage: 'bucket' });
    try {
      const operator = await makeOperator(on);
      const customer = await signUpUser(on);
      const id = await openFor(operator.token, customer.email, on);
      const head = Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="atencion_id"\r\n\r\n${id}\r\n` +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="v.webm"\r\nContent-Type: video/webm\r\n\r\n`,
      );
      const chunk = Buffer.alloc(256 * 1024, 3);
      let sent = 0;
      let stopped: Promise<void> | null = null;
      // a long video arriving as from a network; the bucket goes away once 6 MB have arrived,
      // past the first part of the multipart upload
      const body = new Readable({
        read() {
          setImmediate(() => {
            if (sent > 6 * 1024 * 1024) stopped ??= on.bucket!.stop();
            if (sent > 24 * 1024 * 1024) return this.push(null);
            const next = sent === 0 ? Buffer.concat([head, video]) : chunk;
            sent += next.length;
            this.push(next);
          });
        },
      });
      const refused = await upload(operator.token, body, on);
      body.destroy();
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toEqual({
        code: 'STORAGE_UNAVAILABLE',
        message: errorMessages.STORAGE_UNAVAILABLE,
      });
      await stopped;
      await on.bucket!.resume();
      expect(
        await on.ctx.db.select().from(atencionEvidence).where(eq(atencionEvidence.atencionId, id)),
      ).toEqual([]);
      // no object: the upload was never completed (its parts, if the abort could not reach the
      // bucket, are ended by the bucket's lifecycle rule: .env.example)
      expect(await on.bucket!.keys(`atenciones/${id}/`)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 60_000);
});

describe('evidence links', () => {
  it('shares an atención without sign-in until revoked or expired', async () => {
    const operator = await makeOperator(app, { name: 'Operador Tomás' });
    const customer = await signUpUser(app, { name: 'Diego Cliente' });
    const id = await openFor(operator.token, customer.email);
    await app.post(
      '/api/operator/atenciones/note',
      { atencion_id: id, title: 'Robo', description: 'En la vía pública' },
      operator.token,
    );
    await upload(
      operator.token,
      multipart({ atencion_id: String(id) }, { name: 'v.webm', type: 'video/webm', data: video }),
    );
    const page = (token: string) => app.app.inject({ method: 'GET', url: `/api/public/evidence/${token}` });
    const tokenOf = (url: string) => url.split('/evidencia/')[1]!;

    expect(
      (await app.post('/api/app/atenciones/shareEvidence', { atencion_id: id, hours: 25 }, customer.token))
        .statusCode,
    ).toBe(400);
    const shared = await app.post(
      '/api/app/atenciones/shareEvidence',
      { atencion_id: id, hours: 24 },
      customer.token,
    );
    expect(shared.statusCode, shared.body).toBe(201);
    const { url } = shared.json() as { url: string };
    expect(url).toMatch(/^http:\/\/escudo\.test\/evidencia\/[\w-]{43}$/);

    const seen = await page(tokenOf(url));
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.headers['cache-control']).toBe('no-store');
    const data = seen.json();
    expect(data).toMatchObject({
      customer: { name: 'Diego Cliente' },
      admin: { name: 'Operador Tomás' },
      notes: [{ title: 'Robo', description: 'En la vía pública' }],
    });
    expect(data.evidence[0]).toMatchObject({
      sha256: createHash('sha256').update(video).digest('hex'),
      size: video.length,
    });
    // its video is a signed link that works, without a session
    expect((await app.app.inject({ method: 'GET', url: data.evidence[0].file_url })).statusCode).toBe(200);
    // the detail says a link is active
    const detail = await app.post(
      '/api/app/atenciones/getAtencionDetail',
      { atencion_id: id },
      customer.token,
    );
    expect(detail.json().atencion.share).not.toBeNull();

    // revoked: gone at once
    expect(
      (await app.post('/api/app/atenciones/revokeShare', { atencion_id: id }, customer.token)).json(),
    ).toEqual({ code: 200 });
    const revoked = await page(tokenOf(url));
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().code).toBe('EVIDENCE_LINK_EXPIRED');
    expect(
      (await app.post('/api/app/atenciones/getAtencionDetail', { atencion_id: id }, customer.token)).json()
        .atencion.share,
    ).toBeNull();

    // a new link for 7 days: works until its time runs out
    const week = await app.post(
      '/api/app/atenciones/shareEvidence',
      { atencion_id: id, hours: 168 },
      customer.token,
    );
    const weekToken = tokenOf(week.json().url);
    app.clock.advance(167 * 60 * 60 * 1000);
    expect((await page(weekToken)).statusCode).toBe(200);
    app.clock.advance(60 * 60 * 1000);
    expect((await page(weekToken)).statusCode).toBe(410);

    // the scheduled job keeps ended links a month (they still say 410), then deletes them (404)
    await deleteEndedEvidenceLinks(app.ctx);
    expect((await page(weekToken)).statusCode).toBe(410);
    expect((await page(tokenOf(url))).statusCode).toBe(410);
    app.clock.advance(EVIDENCE_LINK_KEPT_AFTER_END_MS + 60_000);
    await deleteEndedEvidenceLinks(app.ctx);
    expect((await page(weekToken)).statusCode).toBe(404);
    expect((await page(tokenOf(url))).statusCode).toBe(404);

    // an unknown or malformed token
    expect((await page('x'.repeat(43))).statusCode).toBe(404);
    expect((await page('%00')).statusCode).toBe(404);
  });
});

/** the central's looks in a customer's own activity (app/account/activity), newest first */
async function looksOf(token: string, on: TestApp = app): Promise<ActivityEntry[]> {
  const response = await on.post('/api/app/account/activity', { limit: 100, page: 1 }, token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { activity: ActivityEntry[] }).activity.filter((entry) =>
    entry.kind.startsWith('operator_'),
  );
}

/** every look recorded in the database, whoever's */
function lookRows(on: TestApp = app) {
  return on.ctx.db
    .select({ userId: accountActivity.userId, kind: accountActivity.kind, detail: accountActivity.detail })
    .from(accountActivity)
    .where(like(accountActivity.kind, 'operator_%'))
    .orderBy(asc(accountActivity.id));
}

/** what a look reads as in the customer's activity: the kind and the operator's name, never the central's origin */
const look = (kind: ActivityEntry['kind'], operatorName: string) =>
  expect.objectContaining({ kind, detail: operatorName, address: null, browser: null });

describe("the central's looks, in the customer's activity with the operator's name", () => {
  it('opening an atención by the e-mail records it once; an unknown or operator e-mail records nothing', async () => {
    const operator = await makeOperator(app, { name: 'Javiera Central' });
    const customer = await signUpUser(app);
    const before = (await lookRows()).length;

    const unknown = await app.post(
      '/api/operator/atenciones/open',
      { email: 'nadie@example.cl' },
      operator.token,
    );
    const ofOperator = await app.post(
      '/api/operator/atenciones/open',
      { email: operator.email },
      operator.token,
    );
    // the same answer as before, and the same for both: nothing says the second e-mail has an account
    for (const refused of [unknown, ofOperator]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({
        code: 'CUSTOMER_NOT_FOUND',
        message: errorMessages.CUSTOMER_NOT_FOUND,
      });
    }
    expect(await lookRows()).toHaveLength(before);

    const opened = await app.post(
      '/api/operator/atenciones/open',
      { email: customer.email.toUpperCase() },
      operator.token,
    );
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json().atencion.customer.email).toBe(customer.email);
    expect(await looksOf(customer.token)).toEqual([look('operator_opened', 'Javiera Central')]);
    expect(await lookRows()).toHaveLength(before + 1);
  });

  it("the atención's detail records each look; an unknown id records nothing", async () => {
    const opener = await makeOperator(app, { name: 'Rodrigo Turno Noche' });
    const reviewer = await makeOperator(app, { name: 'Camila Supervisora' });
    const customer = await signUpUser(app);
    const id = await openFor(opener.token, customer.email);
    const before = (await lookRows()).length;

    const missing = await app.post(
      '/api/operator/atenciones/detail',
      { atencion_id: 2_000_000 },
      reviewer.token,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'No encontramos esa atención.' });
    expect(await lookRows()).toHaveLength(before);

    app.clock.advance(1000);
    const detail = await app.post('/api/operator/atenciones/detail', { atencion_id: id }, reviewer.token);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().atencion.customer.email).toBe(customer.email);
    expect(await looksOf(customer.token)).toEqual([
      look('operator_viewed', 'Camila Supervisora'),
      look('operator_opened', 'Rodrigo Turno Noche'),
    ]);
    expect(await lookRows()).toHaveLength(before + 1);
  });

  it('a note, a video and closing are work on the atención, not looks: nothing recorded, and closing answers without the customer', async () => {
    const operator = await makeOperator(app, { name: 'Javiera Central' });
    const customer = await signUpUser(app, { name: 'Carla Cliente' });
    const id = await openFor(operator.token, customer.email);
    const before = (await lookRows()).length;

    const note = await app.post(
      '/api/operator/atenciones/note',
      { atencion_id: id, title: 'Llamado', description: 'Se contactó por teléfono.' },
      operator.token,
    );
    expect(note.statusCode, note.body).toBe(201);
    const uploaded = await upload(
      operator.token,
      multipart({ atencion_id: String(id) }, { name: 'v.webm', type: 'video/webm', data: video }),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const closed = await app.post('/api/operator/atenciones/close', { atencion_id: id }, operator.token);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().atencion).toMatchObject({ id, notes_count: 1, evidence_count: 1 });
    expect(closed.body).not.toContain(customer.email);
    expect(closed.body).not.toContain('Carla Cliente');

    expect(await lookRows()).toHaveLength(before);
    expect(await looksOf(customer.token)).toEqual([look('operator_opened', 'Javiera Central')]);
  });
});

describe("the central's looks: a customer's session, and the central's list", () => {
  it("a customer's session on the operator API is refused and records nothing", async () => {
    const operator = await makeOperator(app);
    const customer = await signUpUser(app);
    const id = await openFor(operator.token, customer.email);
    const before = (await lookRows()).length;
    for (const [url, body] of [
      ['/api/operator/atenciones/open', { email: customer.email }],
      ['/api/operator/atenciones/list', { limit: 15, page: 1 }],
      ['/api/operator/atenciones/detail', { atencion_id: id }],
    ] as const) {
      const refused = await app.post(url, body, customer.token);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code, url).toBe('FORBIDDEN');
    }
    expect(await lookRows()).toHaveLength(before);
  });

  describe("the central's list", () => {
    // a database of its own, so that the list holds only this test's atenciones
    let on: TestApp;
    beforeAll(async () => {
      on = await createTestApp();
    });
    afterAll(() => on.close());

    it('records one look for each customer on the page, whatever their rows, and none for the others', async () => {
      const operator = await makeOperator(on, { name: 'Javiera Central' });
      const opener = await makeOperator(on, { name: 'Operador de Apertura' });
      // the oldest two (page 2): one customer's
      const earlier = await signUpUser(on);
      for (let i = 0; i < 2; i += 1) {
        on.clock.advance(1000);
        await openFor(opener.token, earlier.email, on);
      }
      // the newest 15 (page 1): one customer twice, 13 once
      const twice = await signUpUser(on);
      const once = [];
      for (let i = 0; i < 13; i += 1) once.push(await signUpUser(on));
      for (const customer of [twice, ...once, twice]) {
        on.clock.advance(1000);
        await openFor(opener.token, customer.email, on);
      }
      const onPage = [twice, ...once];
      const before = await lookRows(on);

      on.clock.advance(1000);
      const first = await on.post('/api/operator/atenciones/list', { limit: 15, page: 1 }, operator.token);
      expect(first.statusCode, first.body).toBe(200);
      const page1 = first.json() as {
        atenciones: { customer: { email: string } }[];
        total_atenciones: number;
      };
      expect(page1.total_atenciones).toBe(17);
      expect(new Set(page1.atenciones.map((row) => row.customer.email))).toEqual(
        new Set(onPage.map((customer) => customer.email)),
      );

      const listed = (await lookRows(on)).slice(before.length);
      expect(listed).toHaveLength(14);
      expect(listed.every((row) => row.kind === 'operator_listed' && row.detail === 'Javiera Central')).toBe(
        true,
      );
      for (const customer of onPage) {
        const looks = await looksOf(customer.token, on);
        expect(looks.filter((entry) => entry.kind === 'operator_listed')).toEqual([
          look('operator_listed', 'Javiera Central'),
        ]);
      }
      expect((await looksOf(earlier.token, on)).map((entry) => entry.kind)).toEqual([
        'operator_opened',
        'operator_opened',
      ]);

      // page 2 shows the earlier customer's two: one look; a page past the end shows nobody
      on.clock.advance(1000);
      const second = await on.post('/api/operator/atenciones/list', { limit: 15, page: 2 }, operator.token);
      expect(second.json().atenciones).toHaveLength(2);
      expect(await looksOf(earlier.token, on)).toEqual([
        look('operator_listed', 'Javiera Central'),
        look('operator_opened', 'Operador de Apertura'),
        look('operator_opened', 'Operador de Apertura'),
      ]);
      const past = await on.post('/api/operator/atenciones/list', { limit: 15, page: 3 }, operator.token);
      expect(past.json()).toEqual({ atenciones: [], total_atenciones: 17 });
      expect(await lookRows(on)).toHaveLength(before.length + 15);
    });

    it('a look that cannot be recorded fails the request: no customer goes out, and nothing is opened', async () => {
      const operator = await makeOperator(on, { name: 'Javiera Central' });
      const customer = await signUpUser(on, { name: 'Carla Sin Registro' });
      const id = await openFor(operator.token, customer.email, on);
      const before = await lookRows(on);
      const atencionesBefore = await on.ctx.db.select({ id: atenciones.id }).from(atenciones);
      // the database itself refuses the activity's lines of the central's looks
      await on.ctx.db.execute(sql`
        create function refuse_looks() returns trigger language plpgsql as $$
        begin
          if new.kind like 'operator_%' then raise exception 'looks refused by the test'; end if;
          return new;
        end $$`);
      await on.ctx.db.execute(sql`
        create trigger refuse_looks before insert on account_activity
        for each row execute function refuse_looks()`);
      try {
        for (const [url, body] of [
          ['/api/operator/atenciones/list', { limit: 15, page: 1 }],
          ['/api/operator/atenciones/detail', { atencion_id: id }],
          ['/api/operator/atenciones/open', { email: customer.email }],
        ] as const) {
          const failed = await on.post(url, body, operator.token);
          expect(failed.statusCode, url).toBe(500);
          expect(failed.json(), url).toEqual({ code: 'INTERNAL', message: errorMessages.INTERNAL });
          expect(failed.body, url).not.toContain(customer.email);
        }
      } finally {
        await on.ctx.db.execute(sql`drop trigger refuse_looks on account_activity`);
        await on.ctx.db.execute(sql`drop function refuse_looks()`);
      }
      // the open was undone with its look: no new atención
      expect(await on.ctx.db.select({ id: atenciones.id }).from(atenciones)).toEqual(atencionesBefore);
      expect(await lookRows(on)).toEqual(before);
    });
  });
});
