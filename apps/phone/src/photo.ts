/**
 * The lost-mode photo: a real JPEG from plain JavaScript (jpeg-js, no native module), so the server's
 * checks, storage and links see a phone's kind of file; the stamp (date, name) tells reports apart.
 */
import jpeg from 'jpeg-js';
import { chileDateParts } from '@escudo/contract';
import { LINE_ROWS, drawText, fillRect, textWidth, type Canvas, type Rgb } from './font.ts';
import { seededRandom } from './locations.ts';

export const PHOTO_WIDTH = 640;
export const PHOTO_HEIGHT = 480;
/** ours: good enough to read the stamp, small enough (~40 KB) for hourly reports over mobile data */
const JPEG_QUALITY = 80;
const TEXT_SCALE = 3;

/** `22-11-2026 14:03:05`: Chilean order, Santiago's time, whatever the machine's zone. */
export function formatSantiagoDateTime(at: Date): string {
  const part = chileDateParts(at)!;
  return `${part.day}-${part.month}-${part.year} ${part.hour}:${part.minute}:${part.second}`;
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

function hashText(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619);
  return hash >>> 0;
}

/** Cuts `text` so that it fits in `maxPixels` at `scale`, ending with '...' when it had to. */
function fitText(text: string, maxPixels: number, scale: number): string {
  if (textWidth(text) * scale <= maxPixels) return text;
  const chars = [...text];
  while (chars.length > 0 && textWidth(`${chars.join('')}...`) * scale > maxPixels) chars.pop();
  return `${chars.join('').trimEnd()}...`;
}

/** A 640×480 JPEG of the scene with the date-time and the phone's name; different at every call. */
export function takePhoto({ deviceName, at = new Date() }: { deviceName: string; at?: Date }): Buffer {
  const width = PHOTO_WIDTH;
  const height = PHOTO_HEIGHT;
  const canvas: Canvas = { width, height, data: new Uint8Array(width * height * 4) };
  const random = seededRandom(hashText(deviceName) ^ at.getTime());
  const horizon = Math.round(height * (0.55 + random() * 0.1));

  // sky: deeper blue at the top, hazier towards the horizon (Santiago's smog)
  const skyTop: Rgb = [40 + random() * 30, 100 + random() * 40, 190 + random() * 40];
  const skyLow: Rgb = [200, 205, 200];
  for (let y = 0; y < horizon; y += 1) fillRect(canvas, 0, y, width, 1, mix(skyTop, skyLow, y / horizon));
  // the sun
  const sunX = 60 + random() * (width - 120);
  const sunY = 36 + random() * (horizon / 6);
  for (let y = -24; y <= 24; y += 1) {
    const half = Math.round(Math.sqrt(24 * 24 - y * y));
    fillRect(canvas, Math.round(sunX - half), Math.round(sunY + y), half * 2, 1, [255, 240, 190]);
  }

  // the Andes: a ridge of a few waves, snow on the peaks
  const waves = Array.from({ length: 4 }, (_, i) => ({
    amplitude: (55 / (i + 1)) * (0.6 + random() * 0.8),
    length: (width / (i + 1.5)) * (0.7 + random() * 0.6),
    phase: random() * 2 * Math.PI,
  }));
  const ridgeBase = horizon - 120;
  for (let x = 0; x < width; x += 1) {
    const top = Math.round(
      ridgeBase -
        waves.reduce((sum, w) => sum + w.amplitude * Math.sin((x / w.length) * 2 * Math.PI + w.phase), 0),
    );
    for (let y = Math.max(0, top); y < horizon; y += 1) {
      const isSnow = y < ridgeBase - 15 && y - top < 22;
      const rock = mix([110, 95, 120], [90, 90, 95], (y - top) / 80);
      fillRect(canvas, x, y, 1, 1, isSnow ? [235, 238, 245] : rock);
    }
  }

  // the city: buildings in front of the mountains, some windows lit
  for (let x = -10; x < width;) {
    const buildingWidth = 30 + Math.floor(random() * 50);
    const buildingHeight = 25 + Math.floor(random() * (horizon * 0.3));
    const shade = 60 + Math.floor(random() * 50);
    const top = horizon - buildingHeight;
    fillRect(canvas, x, top, buildingWidth, buildingHeight, [shade, shade + 5, shade + 15]);
    for (let wy = top + 6; wy < horizon - 8; wy += 12) {
      for (let wx = x + 5; wx < x + buildingWidth - 8; wx += 10) {
        if (random() < 0.35) fillRect(canvas, wx, wy, 5, 6, [250, 220, 120]);
      }
    }
    x += buildingWidth + Math.floor(random() * 8);
  }

  // the street
  for (let y = horizon; y < height; y += 1) {
    fillRect(canvas, 0, y, width, 1, mix([95, 95, 100], [45, 45, 50], (y - horizon) / (height - horizon)));
  }

  // the stamp: a dark band with the date and the phone's name, as a camera app prints it
  const lineHeight = LINE_ROWS * TEXT_SCALE;
  const bandHeight = lineHeight * 2 + 24;
  fillRect(canvas, 0, height - bandHeight, width, bandHeight, [20, 20, 24]);
  const margin = 12;
  const textTop = height - bandHeight + 8;
  const name = fitText(deviceName, width - 2 * margin, TEXT_SCALE);
  drawText(canvas, formatSantiagoDateTime(at), margin, textTop, TEXT_SCALE, [255, 210, 80]);
  drawText(canvas, name, margin, textTop + lineHeight + 6, TEXT_SCALE, [255, 255, 255]);

  return jpeg.encode({ width, height, data: canvas.data }, JPEG_QUALITY).data;
}
