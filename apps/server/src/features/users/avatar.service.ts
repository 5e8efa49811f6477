/**
 * The avatar of spec 5, saved by `app/user/updateAvatar` (decision 013). A phone photo carries where it
 * was taken (EXIF GPS), the phone's model, sometimes a comment: none of it may outlive the upload. So
 * the picture is decoded as an image (its name and first bytes prove nothing), and only its pixels go
 * on: turned upright, shrunk to at most AVATAR_MAX_SIDE_PX a side, and encoded afresh as a JPEG with
 * no metadata at all. The file is reached only through a signed, expiring link (FILE_URL_TTL_MS).
 * docs/decisions/013-avatar-images.md says why sharp does the decoding.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { AVATAR_IMAGE_MAX_BYTES, AVATAR_MAX_SIDE_PX, FILE_URL_TTL_MS } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { users } from '../accounts/accounts.schema.ts';

/**
 * ours: a picture of more pixels is refused before its pixels are decoded (a small file can declare a
 * huge image). 50 megapixels is above any phone's usual photo; the panel sends at most 512×512.
 */
const AVATAR_MAX_INPUT_PIXELS = 50_000_000;
/** ours: good enough for a face at 512 px, about 40 KB */
const AVATAR_JPEG_QUALITY = 85;

const NOT_A_JPEG = 'La imagen no es una foto JPEG válida.';

/** the size of what a base64 text decodes to, without decoding it */
function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

/**
 * The picture's pixels, re-encoded: a new JPEG of at most AVATAR_MAX_SIDE_PX a side, carrying no
 * EXIF, XMP, IPTC, ICC or comment of the original (sharp writes none unless asked to keep them).
 * Anything that does not decode completely as a JPEG is refused: another format, a truncated file,
 * bytes that only start like a JPEG.
 */
export async function reencodeAvatar(base64: string): Promise<Buffer> {
  if (decodedLength(base64) > AVATAR_IMAGE_MAX_BYTES) {
    throw new AppError('IMAGE_INVALID', 'La imagen no puede superar los 5 MB.');
  }
  const original = Buffer.from(base64, 'base64');
  const options = { failOn: 'warning', limitInputPixels: AVATAR_MAX_INPUT_PIXELS } as const;
  try {
    const { format } = await sharp(original, options).metadata();
    if (format !== 'jpeg') throw new AppError('IMAGE_INVALID', NOT_A_JPEG);
    return await sharp(original, options)
      // EXIF orientation is applied to the pixels before it is dropped with the rest of the metadata
      .rotate()
      .resize(AVATAR_MAX_SIDE_PX, AVATAR_MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .jpeg({ quality: AVATAR_JPEG_QUALITY })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // libvips explains what it could not read; the person only needs to know it is not a picture
    throw new AppError('IMAGE_INVALID', NOT_A_JPEG);
  }
}

export function avatarUrl(ctx: AppContext, avatarKey: string | null): string | null {
  return avatarKey ? ctx.fileLinks.create(avatarKey, FILE_URL_TTL_MS) : null;
}

/**
 * Replaces the caller's avatar (only ever their own: the user comes from the session). The new file
 * is stored first, then the row points at it, then the old file goes; two uploads at once each remove
 * the file their own update replaced (the row is locked between reading and writing it), so no file is
 * left behind and none in use is removed.
 */
export async function updateAvatar(ctx: AppContext, userId: number, base64: string) {
  const image = await reencodeAvatar(base64);
  const key = `avatars/${userId}/${randomUUID()}.jpg`;
  await ctx.storage.put(key, image);
  let previousKey: string | null;
  try {
    previousKey = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ avatarKey: users.avatarKey })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!row) throw new AppError('UNAUTHENTICATED');
      await tx.update(users).set({ avatarKey: key, updatedAt: ctx.now() }).where(eq(users.id, userId));
      return row.avatarKey;
    });
  } catch (error) {
    // no row will ever point at this file
    await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (previousKey) {
    await ctx.storage.delete(previousKey).catch((error: unknown) => {
      // an orphan file costs disk, never correctness: nothing links to it any more
      ctx.log.warn({ err: error, key: previousKey }, 'could not remove the previous avatar');
    });
  }
  return { code: 200 as const, avatar: avatarUrl(ctx, key)! };
}
