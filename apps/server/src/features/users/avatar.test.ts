import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_IMAGE_MAX_BYTES, FILE_URL_TTL_MS } from '@escudo/contract';
import { LINK_EXPIRY_STEP_MS } from '../../lib/storage/signed-links.ts';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { users } from '../accounts/accounts.schema.ts';
import { forgeSignature } from '../../../test/forged-signature.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const SIGNED_AVATAR_URL =
  /^\/api\/files\/avatars\/\d+\/[0-9a-f-]{36}\.jpg\?expires=\d+&signature=[0-9a-f]{64}$/;
/** what a phone writes into a photo, and must never reach anyone who sees the avatar */
const CAMERA_MAKE = 'CamaraEspia';
const COMMENT = 'Tomada en casa de Ana, Los Aromos 123';

/** pixels that vary, so the JPEG is not trivially small */
function rawPixels(width: number, height: number) {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i += 1) data[i] = (i * 7 + Math.floor(i / (width * 3))) % 251;
  return sharp(data, { raw: { width, height, channels: 3 } });
}

/**
 * A phone photo as it arrives: EXIF with the camera and the GPS position (Santiago), an orientation
 * tag (taken sideways), an ICC profile, and a JPEG comment segment (COM, added by hand after SOI).
 */
async function phonePhoto(width = 1200, height = 800): Promise<Buffer> {
  const jpeg = await rawPixels(width, height)
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: CAMERA_MAKE, Model: 'Modelo X' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 26/1 2400/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '70/1 39/1 3600/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .keepIccProfile()
    .toBuffer();
  const text = Buffer.from(COMMENT, 'latin1');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(text.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, text, jpeg.subarray(2)]);
}

/** The markers of a JPEG's segments up to the image data (SOS), e.g. ['ffdb', 'ffc0', 'ffc4', 'ffda']. */
function segmentMarkers(jpeg: Buffer): string[] {
  expect(jpeg.readUInt16BE(0)).toBe(0xffd8);
  const markers: string[] = [];
  for (let at = 2; at < jpeg.length; at += 2 + jpeg.readUInt16BE(at + 2)) {
    expect(jpeg[at]).toBe(0xff);
    const marker = jpeg.readUInt16BE(at).toString(16);
    markers.push(marker);
    if (marker === 'ffda') break;
  }
  return markers;
}

/** an EXIF APP1 segment ("Exif\0\0") and its GPS IFD pointer (tag 0x8825, either byte order) */
const hasExifGps = (jpeg: Buffer) =>
  jpeg.includes(Buffer.from('Exif\0\0', 'latin1')) &&
  (jpeg.includes(Buffer.from([0x88, 0x25])) || jpeg.includes(Buffer.from([0x25, 0x88])));

const upload = (token: string | undefined, avatar: unknown) =>
  app.post('/api/app/user/updateAvatar', { avatar }, token);

const details = async (token: string) =>
  (await app.post('/api/app/user/details', {}, token)).json().user as {
    id: number;
    info: { avatar: string | null };
  };

const avatarFiles = async (userId: number) =>
  fs.readdir(path.join(app.dataDir, 'files', 'avatars', String(userId))).catch(() => [] as string[]);

const avatarKeyOf = async (userId: number) =>
  (await app.ctx.db.select({ key: users.avatarKey }).from(users).where(eq(users.id, userId)))[0]!.key;

const fetchFile = (url: string) => app.app.inject({ method: 'GET', url });

describe('avatar: app/user/updateAvatar', () => {
  it('stores the picture re-encoded, at most 512×512, upright, with none of its metadata', async () => {
    const ana = await signUpUser(app);
    const photo = await phonePhoto();
    // the original does carry what must go
    expect(hasExifGps(photo)).toBe(true);
    expect(photo.includes(CAMERA_MAKE)).toBe(true);
    expect(photo.includes(COMMENT)).toBe(true);
    expect(segmentMarkers(photo)).toEqual(expect.arrayContaining(['fffe', 'ffe1', 'ffe2']));

    const response = await upload(ana.token, photo.toString('base64'));
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({ code: 200, avatar: expect.stringMatching(SIGNED_AVATAR_URL) });

    const { id } = await details(ana.token);
    const [file] = await avatarFiles(id);
    const stored = await fs.readFile(path.join(app.dataDir, 'files', 'avatars', String(id), file!));
    // only the segments a plain JPEG needs: no APPn (EXIF, XMP, ICC, JFIF…) and no comment (COM)
    const markers = segmentMarkers(stored);
    expect(markers.filter((marker) => /^ffe[0-9a-f]$|^fffe$/.test(marker))).toEqual([]);
    expect(hasExifGps(stored)).toBe(false);
    expect(stored.includes('Exif')).toBe(false);
    expect(stored.includes(CAMERA_MAKE)).toBe(false);
    expect(stored.includes(COMMENT)).toBe(false);
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect([metadata.exif, metadata.icc, metadata.xmp, metadata.comments]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // 1200×800 taken sideways (orientation 6) is a 800×1200 portrait: 341×512
    expect([metadata.width, metadata.height]).toEqual([341, 512]);

    // the signed link serves exactly that file
    const served = await fetchFile(answer.avatar);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('accepts the data URL a canvas writes, and keeps a small picture its size', async () => {
    const ana = await signUpUser(app);
    const small = await rawPixels(200, 200).jpeg().toBuffer();
    const response = await upload(ana.token, `data:image/jpeg;base64,${small.toString('base64')}`);
    expect(response.statusCode, response.body).toBe(200);
    const served = await fetchFile(response.json().avatar);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 200, height: 200 });
  });

  it('shows the signed URL in user details, null before any upload; the same URL within a step, so browsers cache it', async () => {
    const ana = await signUpUser(app);
    expect((await details(ana.token)).info.avatar).toBeNull();
    const { avatar } = (await upload(ana.token, (await phonePhoto(300, 300)).toString('base64'))).json();
    const shown = (await details(ana.token)).info.avatar!;
    expect(shown).toMatch(SIGNED_AVATAR_URL);
    expect(shown).toBe(avatar);
    // valid for at least the TTL, at most one step more
    const expires = Number(new URL(shown, 'http://x').searchParams.get('expires')) * 1000;
    expect(expires - app.clock.now.getTime()).toBeGreaterThanOrEqual(FILE_URL_TTL_MS);
    expect(expires - app.clock.now.getTime()).toBeLessThanOrEqual(FILE_URL_TTL_MS + LINK_EXPIRY_STEP_MS);
    app.clock.advance(LINK_EXPIRY_STEP_MS);
    const later = (await details(ana.token)).info.avatar!;
    expect(later.split('?')[0]).toBe(avatar.split('?')[0]);
    expect(later).not.toBe(avatar);
    expect((await fetchFile(later)).statusCode).toBe(200);
  });

  it('replaces the previous picture and removes its file', async () => {
    const ana = await signUpUser(app);
    const { id } = await details(ana.token);
    const first = (await upload(ana.token, (await phonePhoto(300, 300)).toString('base64'))).json().avatar;
    const second = (await upload(ana.token, (await phonePhoto(400, 300)).toString('base64'))).json().avatar;
    expect(await avatarFiles(id)).toEqual([second.split('?')[0].split('/').pop()]);
    expect((await fetchFile(second)).statusCode).toBe(200);
    // the old link is still correctly signed, but its file is gone
    expect((await fetchFile(first)).statusCode).toBe(404);
  });
});

describe('avatar: app/user/updateAvatar, who reaches it and what it refuses', () => {
  it('serves the picture only through an unexpired, unaltered signed link', async () => {
    const ana = await signUpUser(app);
    const bruno = await signUpUser(app);
    const { avatar } = (await upload(ana.token, (await phonePhoto(300, 300)).toString('base64'))).json();
    await upload(bruno.token, (await phonePhoto(300, 300)).toString('base64'));
    const brunoKey = (await avatarKeyOf((await details(bruno.token)).id))!;
    const [filePath, query] = avatar.split('?');
    for (const url of [
      // no signature at all; a forged one; a longer life; Bruno's file under Ana's signature
      filePath,
      forgeSignature(avatar),
      avatar.replace(/expires=(\d+)/, (_: string, n: string) => `expires=${Number(n) + 3600}`),
      `/api/files/${brunoKey}?${query}`,
    ]) {
      const refused = await fetchFile(url);
      expect(refused.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode, url).toBeLessThan(500);
      expect(refused.headers['content-type'], url).toMatch(/json/);
    }
    // past the TTL and the rounding step of expiries, whatever the clock's phase
    app.clock.advance(FILE_URL_TTL_MS + LINK_EXPIRY_STEP_MS);
    const expired = await fetchFile(avatar);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('FILE_LINK_INVALID');
  });

  it("changes only the caller's own avatar, whatever the body says", async () => {
    const ana = await signUpUser(app);
    const bruno = await signUpUser(app);
    const anaId = (await details(ana.token)).id;
    const brunoId = (await details(bruno.token)).id;
    await upload(ana.token, (await phonePhoto(300, 300)).toString('base64'));
    const anaKey = await avatarKeyOf(anaId);

    // Bruno's token changes Bruno's avatar, never Ana's
    expect((await upload(bruno.token, (await phonePhoto(200, 200)).toString('base64'))).statusCode).toBe(200);
    expect(await avatarKeyOf(anaId)).toBe(anaKey);
    expect(await avatarKeyOf(brunoId)).toMatch(new RegExp(`^avatars/${brunoId}/`));
    // naming another user in the body is refused by the contract
    const named = await app.post(
      '/api/app/user/updateAvatar',
      { avatar: (await phonePhoto(200, 200)).toString('base64'), user_id: anaId },
      bruno.token,
    );
    expect(named.statusCode).toBe(400);
    expect(await avatarKeyOf(anaId)).toBe(anaKey);
    // and without a session, nothing
    expect((await upload(undefined, (await phonePhoto(200, 200)).toString('base64'))).statusCode).toBe(401);
  });

  describe('refuses what is not a JPEG picture, storing nothing', () => {
    const png = () => rawPixels(64, 64).png().toBuffer();
    const realJpeg = () => rawPixels(300, 300).jpeg().toBuffer();
    it.each([
      ['a PNG', png],
      ['a PNG named as a JPEG data URL', png],
      [
        'random bytes after a JPEG header',
        async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 0x5a)]),
      ],
      [
        'a JPEG cut in half',
        async () => {
          const jpeg = await realJpeg();
          return jpeg.subarray(0, Math.floor(jpeg.length / 2));
        },
      ],
      [
        'a JPEG with its image data scrambled',
        async () => {
          const jpeg = Buffer.from(await realJpeg());
          const start = jpeg.indexOf(Buffer.from([0xff, 0xda])) + 20;
          for (let at = start; at < jpeg.length - 2; at += 1) jpeg[at] = 0xff;
          return jpeg;
        },
      ],
      ['text', async () => Buffer.from('esto no es una foto')],
    ])('%s: 400 IMAGE_INVALID', async (name, make) => {
      const ana = await signUpUser(app);
      const bytes = (await make()).toString('base64');
      const response = await upload(
        ana.token,
        name.includes('data URL') ? `data:image/jpeg;base64,${bytes}` : bytes,
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        code: 'IMAGE_INVALID',
        message: 'La imagen no es una foto JPEG válida.',
      });
      const { id, info } = await details(ana.token);
      expect(info.avatar).toBeNull();
      expect(await avatarFiles(id)).toEqual([]);
    });

    it('refuses text that is not base64, or nothing', async () => {
      const ana = await signUpUser(app);
      for (const avatar of ['no es base64!', '', 'data:image/jpeg;base64,', 42, null]) {
        const response = await upload(ana.token, avatar);
        expect(response.statusCode, JSON.stringify(avatar)).toBe(400);
        expect(response.json().code).toBe('VALIDATION');
      }
    });
  });

  it('refuses a picture over 5 MB by its size, before decoding it (400), and a larger body (413)', async () => {
    const ana = await signUpUser(app);
    // 5 MB and a byte of what would decode to zeros: refused for its size, not for not being a JPEG
    const overLimit = Buffer.alloc(AVATAR_IMAGE_MAX_BYTES + 3).toString('base64');
    const tooBig = await upload(ana.token, overLimit);
    expect(tooBig.statusCode).toBe(400);
    expect(JSON.stringify(tooBig.json())).toMatch(/no puede superar los 5 MB/);
    // exactly 5 MB passes the size check and is then decoded (and refused: zeros are no JPEG)
    const atLimit = await upload(ana.token, Buffer.alloc(AVATAR_IMAGE_MAX_BYTES).toString('base64'));
    expect(atLimit.json()).toMatchObject({
      code: 'IMAGE_INVALID',
      message: 'La imagen no es una foto JPEG válida.',
    });
    // a body past 8 MB is not even read
    const huge = await upload(ana.token, 'A'.repeat(9 * 1024 * 1024));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
    const { id } = await details(ana.token);
    expect(await avatarFiles(id)).toEqual([]);
  });
});

describe('avatar on a bucket', () => {
  it('stores the re-encoded picture in the bucket, serves it by its signed link and removes the one it replaces', async () => {
    const on = await createTestApp({}, undefined, { storage: 'bucket' });
    try {
      const ana = await signUpUser(on);
      const id = (await on.post('/api/app/user/details', {}, ana.token)).json().user.id as number;
      const first = await on.post(
        '/api/app/user/updateAvatar',
        { avatar: (await phonePhoto()).toString('base64') },
        ana.token,
      );
      expect(first.statusCode, first.body).toBe(200);
      const firstKey = (first.json().avatar as string).split('?')[0]!.replace('/api/files/', '');
      expect(await on.storedFiles(`avatars/${id}`)).toEqual([firstKey]);
      const stored = (await on.readStored(firstKey))!;
      expect(hasExifGps(stored)).toBe(false);
      expect(stored.includes(CAMERA_MAKE)).toBe(false);
      const served = await on.app.inject({ method: 'GET', url: first.json().avatar });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.rawPayload.equals(stored)).toBe(true);

      const second = await on.post(
        '/api/app/user/updateAvatar',
        { avatar: (await phonePhoto(640, 480)).toString('base64') },
        ana.token,
      );
      const secondKey = (second.json().avatar as string).split('?')[0]!.replace('/api/files/', '');
      expect(await on.storedFiles(`avatars/${id}`)).toEqual([secondKey]);
      // the old link finds no file any more
      expect((await on.app.inject({ method: 'GET', url: first.json().avatar })).statusCode).toBe(404);

      // the bucket gone: a clear 503, and the row keeps the picture it had
      await on.bucket!.stop();
      const refused = await on.post(
        '/api/app/user/updateAvatar',
        { avatar: (await phonePhoto(320, 240)).toString('base64') },
        ana.token,
      );
      await on.bucket!.resume();
      expect(refused.statusCode).toBe(503);
      expect(refused.json().code).toBe('STORAGE_UNAVAILABLE');
      const [row] = await on.ctx.db.select({ key: users.avatarKey }).from(users).where(eq(users.id, id));
      expect(row!.key).toBe(secondKey);
      expect(await on.storedFiles(`avatars/${id}`)).toEqual([secondKey]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
