/**
 * Tiny ISO media files (MP4, QuickTime) for the tests of the evidence upload: the box structure the
 * server checks (atenciones/video-kind.ts), written here so that no binary is committed.
 */

/** one box: 32-bit size, type, data; `largeSize` writes it with a 64-bit size instead */
export function box(type: string, data: Buffer = Buffer.alloc(0), largeSize = false): Buffer {
  if (largeSize) {
    const header = Buffer.alloc(16);
    header.writeUInt32BE(1, 0);
    header.write(type, 4, 'latin1');
    header.writeBigUInt64BE(BigInt(16 + data.length), 8);
    return Buffer.concat([header, data]);
  }
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + data.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, data]);
}

/** ftyp: the major brand, minor version 0, then the compatible brands */
export function ftyp(major: string, compatible: string[] = [major]): Buffer {
  return box('ftyp', Buffer.from(`${major}\0\0\0\0${compatible.join('')}`, 'latin1'));
}

/**
 * An MP4 (`isom`) or, with `qt  `, a QuickTime file as a phone writes it: ftyp, the media (`mdat`) and
 * its index (`moov`, with a movie header inside), `mediaBytes` of media.
 */
export function isoVideo(major = 'isom', mediaBytes = 256): Buffer {
  const compatible = major === 'qt  ' ? ['qt  '] : ['isom', 'iso2', 'avc1', 'mp41'];
  const movieHeader = box('mvhd', Buffer.alloc(100));
  return Buffer.concat([
    ftyp(major, compatible),
    box('free'),
    box('mdat', Buffer.alloc(mediaBytes, 0x2a)),
    box('moov', movieHeader),
  ]);
}
