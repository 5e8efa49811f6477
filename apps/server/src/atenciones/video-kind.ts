/**
 * What a video is, by its first bytes, never by the name or type a client claims (issue 16 item 6):
 * an ISO media file (MP4, QuickTime from phones) starts with a box whose type at offset 4 is `ftyp`
 * (QuickTime's brand is `qt  `); WebM (Matroska) starts with the EBML magic 1A 45 DF A3.
 */

export interface VideoKind {
  contentType: 'video/mp4' | 'video/quicktime' | 'video/webm';
  /** the stored file's extension (lib/storage's FILE_KEY_PATTERN) */
  extension: 'mp4' | 'mov' | 'webm';
}

/** how many first bytes decide */
export const VIDEO_HEAD_BYTES = 12;

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

export function videoKindOf(head: Buffer): VideoKind | null {
  if (head.length >= 4 && head.subarray(0, 4).equals(EBML_MAGIC)) {
    return { contentType: 'video/webm', extension: 'webm' };
  }
  if (head.length >= VIDEO_HEAD_BYTES && head.toString('latin1', 4, 8) === 'ftyp') {
    const brand = head.toString('latin1', 8, 12);
    // image brands of the same box family are photos, not videos
    if (/^(heic|heix|mif1|msf1|avif|avis)$/.test(brand)) return null;
    return brand === 'qt  '
      ? { contentType: 'video/quicktime', extension: 'mov' }
      : { contentType: 'video/mp4', extension: 'mp4' };
  }
  return null;
}
