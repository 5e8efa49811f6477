import { beforeAll, describe, expect, it } from 'vitest';
import { createDemoVideo } from '../seed/demo-video.ts';
import { box, ftyp, isoVideo } from '../../../test/iso-video.ts';
import { VIDEO_HEAD_BYTES, createContainerCheck, videoKindOf } from './video-kind.ts';

const MAX = 200 * 1024 * 1024;

/** what the upload does: the kind from the head, then the whole file through the check in `chunk`s */
function check(file: Buffer, chunk = 64 * 1024): string | null {
  const kind = videoKindOf(file.subarray(0, VIDEO_HEAD_BYTES));
  if (!kind) return null;
  const container = createContainerCheck(kind, MAX);
  for (let at = 0; at < file.length; at += chunk) {
    if (!container.push(file.subarray(at, at + chunk))) return null;
  }
  return container.end() ? kind.contentType : null;
}

let webm: Buffer;
beforeAll(async () => {
  webm = await createDemoVideo({ frames: 2 });
});

describe('a video is told by its container', () => {
  it('takes whole MP4, QuickTime and WebM files, however they arrive in chunks', () => {
    for (const chunk of [1, 7, 4096, 1 << 20]) {
      expect(check(isoVideo('isom'), chunk)).toBe('video/mp4');
      expect(check(isoVideo('mp42'), chunk)).toBe('video/mp4');
      expect(check(isoVideo('qt  '), chunk)).toBe('video/quicktime');
      expect(check(webm, chunk)).toBe('video/webm');
    }
    // a major brand of its own with a known compatible one; a 64-bit box size; media running to the end
    const vendor = Buffer.concat([ftyp('abcd', ['isom']), box('moov', Buffer.alloc(8)), box('mdat')]);
    expect(check(vendor, 3)).toBe('video/mp4');
    const large = Buffer.concat([ftyp('isom'), box('moov'), box('mdat', Buffer.alloc(40), true)]);
    expect(check(large, 5)).toBe('video/mp4');
    const toEnd = Buffer.concat([ftyp('isom'), box('moov'), Buffer.from([0, 0, 0, 0]), Buffer.from('mdat')]);
    expect(check(Buffer.concat([toEnd, Buffer.alloc(1000, 1)]), 9)).toBe('video/mp4');
    // a recorder's WebM: a Segment of unknown size
    const unknownSize = Buffer.from(webm);
    const segmentAt = unknownSize.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67]));
    unknownSize.fill(0xff, segmentAt + 5, segmentAt + 12);
    expect(check(unknownSize)).toBe('video/webm');
  });

  it('refuses HTML or SVG renamed .mp4, even behind a right ftyp, and a photo of the same family', () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(check(html)).toBeNull();
    expect(check(svg)).toBeNull();
    // the first bytes alone used to pass
    expect(check(Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('ftypisom'), html]))).toBeNull();
    expect(check(Buffer.concat([ftyp('isom'), html]))).toBeNull();
    expect(check(Buffer.concat([ftyp('isom'), box('moov'), svg]))).toBeNull();
    expect(check(Buffer.concat([ftyp('heic', ['mif1', 'heic']), box('moov'), box('mdat')]))).toBeNull();
    expect(check(Buffer.concat([ftyp('abcd'), box('moov'), box('mdat')]))).toBeNull();
  });

  it('refuses truncated, incomplete and garbled files', () => {
    const mp4 = isoVideo('isom', 1000);
    expect(check(mp4.subarray(0, mp4.length - 1))).toBeNull();
    expect(check(mp4.subarray(0, 100))).toBeNull();
    expect(check(mp4.subarray(0, 10))).toBeNull();
    expect(check(Buffer.concat([mp4, Buffer.from('x')]))).toBeNull();
    expect(check(Buffer.concat([mp4, Buffer.alloc(64)]))).toBeNull();
    // no index, or no media
    expect(check(Buffer.concat([ftyp('isom'), box('mdat', Buffer.alloc(10))]))).toBeNull();
    expect(check(Buffer.concat([ftyp('isom'), box('moov', Buffer.alloc(10))]))).toBeNull();
    // a box smaller than its header, a type that is not text, a size past any upload
    const tiny = Buffer.concat([ftyp('isom'), Buffer.from([0, 0, 0, 4]), Buffer.from('moov'), box('mdat')]);
    expect(check(tiny)).toBeNull();
    expect(check(Buffer.concat([ftyp('isom'), box('mo\0v'), box('moov'), box('mdat')]))).toBeNull();
    const huge = box('mdat', Buffer.alloc(8), true);
    huge.writeBigUInt64BE(2n ** 40n, 8);
    expect(check(Buffer.concat([ftyp('isom'), box('moov'), huge]))).toBeNull();
    // the ftyp box itself cut or odd-sized
    expect(check(Buffer.from([0, 0, 0, 20, ...Buffer.from('ftypisom')]))).toBeNull();
    const odd = Buffer.concat([
      Buffer.from([0, 0, 0, 18]),
      Buffer.from('ftypisom\0\0\0\0is'),
      box('moov'),
      box('mdat'),
    ]);
    expect(check(odd)).toBeNull();

    expect(check(webm.subarray(0, webm.length - 1))).toBeNull();
    expect(check(webm.subarray(0, 30))).toBeNull();
    const otherDocType = Buffer.from(webm);
    otherDocType.write('xebm', otherDocType.indexOf('webm'), 'latin1');
    expect(check(otherDocType)).toBeNull();
    // the EBML magic followed by text
    expect(
      check(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('<html></html>')])),
    ).toBeNull();
    expect(check(Buffer.alloc(0))).toBeNull();
  });
});
