import { AVATAR_MAX_SIDE_PX } from '@escudo/contract/browser';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** ours: a face at 512 px keeps its detail at this quality, in about 40–80 KB */
const JPEG_QUALITY = 0.9;

/**
 * Draws the cropped square of a picture on a canvas of at most AVATAR_MAX_SIDE_PX a side and returns
 * it as a JPEG data URL (`data:image/jpeg;base64,…`), as the server takes it. The browser has already
 * turned the picture upright (EXIF orientation); a canvas keeps no metadata of the original, though the
 * server re-encodes the picture anyway.
 */
export async function cropToJpeg(imageUrl: string, area: PixelArea): Promise<string> {
  const image = new Image();
  image.src = imageUrl;
  await image.decode();
  const side = Math.max(1, Math.min(AVATAR_MAX_SIDE_PX, Math.round(area.width)));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  // a transparent PNG would otherwise turn black in a JPEG
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, side, side);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return canvas.toDataURL('image/jpeg', JPEG_QUALITY);
}
