import { describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import { LOST_REPORT_IMAGE_MAX_BYTES } from '@escudo/contract';
import { PHOTO_HEIGHT, PHOTO_WIDTH, formatSantiagoDateTime, takePhoto } from './photo.ts';

describe('the lost-mode photo', () => {
  const at = new Date('2026-11-22T17:03:05Z');
  const photo = takePhoto({ deviceName: 'Teléfono de Camila', at });

  it('is a real JPEG of 640×480 that the server accepts', () => {
    expect([...photo.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...photo.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(photo.length).toBeLessThan(LOST_REPORT_IMAGE_MAX_BYTES);
    // small enough for hourly reports over mobile data
    expect(photo.length).toBeLessThan(150 * 1024);
    const decoded = jpeg.decode(photo, { useTArray: true });
    expect(decoded.width).toBe(PHOTO_WIDTH);
    expect(decoded.height).toBe(PHOTO_HEIGHT);
  });

  it('differs from one moment to the next', () => {
    const later = takePhoto({ deviceName: 'Teléfono de Camila', at: new Date(at.getTime() + 1000) });
    expect(later.equals(photo)).toBe(false);
  });

  it('stamps the date in Chilean order and Santiago time, whatever the machine zone', () => {
    // 17:03:05 UTC is 14:03:05 in Santiago in November (summer time, UTC-3)
    expect(formatSantiagoDateTime(at)).toBe('22-11-2026 14:03:05');
    expect(formatSantiagoDateTime(new Date('2026-06-01T04:05:06Z'))).toBe('01-06-2026 00:05:06');
  });

  it('draws the stamp: the band at the bottom is not empty', () => {
    const { data, width, height } = jpeg.decode(photo, { useTArray: true });
    // count bright pixels (text) in the bottom band, which is otherwise nearly black
    let bright = 0;
    for (let y = height - 80; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) if (data[(y * width + x) * 4]! > 180) bright += 1;
    }
    expect(bright).toBeGreaterThan(2000);
  });
});
