/**
 * What a video is, by its container's structure, never by the name or type a client claims (decisions
 * 018 and 041). A few right first bytes are not enough: `xxxxftypisom` followed by an HTML
 * or SVG page used to pass. So:
 *
 * - an ISO media file (MP4, QuickTime from phones) is a chain of boxes (4-byte size, 4-byte type): the
 *   first is a whole `ftyp` with a video brand (QuickTime's is `qt  `), every following box has a
 *   printable type and a size that fits, the last one ends exactly where the file ends, and `moov`
 *   (the index) and `mdat` (the media) are both there. The top-level boxes are walked as the upload
 *   streams through (only their headers are read; nothing is held in memory);
 * - WebM (Matroska) starts with an EBML header (1A 45 DF A3) whose DocType is `webm` or `matroska`,
 *   followed by a Segment whose first element is one a Segment starts with; a Segment of known size
 *   must arrive whole (a browser's recorder writes one of unknown size, which is fine).
 */

export interface VideoKind {
  contentType: 'video/mp4' | 'video/quicktime' | 'video/webm';
  /** the stored file's extension (lib/storage's FILE_KEY_PATTERN) */
  extension: 'mp4' | 'mov' | 'webm';
}

/** How many first bytes decide the kind: the `ftyp` box, or the EBML header and the Segment's start. */
export const VIDEO_HEAD_BYTES = 4096;

const EBML_HEADER_ID = 0x1a45dfa3;
const EBML_DOCTYPE_ID = 0x4282;
const SEGMENT_ID = 0x18538067;
/** Matroska's level-1 elements (SeekHead, Info, Tracks, Cluster, Cues, Attachments, Chapters, Tags) and Void, CRC-32 */
const SEGMENT_CHILD_IDS = new Set([
  0x114d9b74, 0x1549a966, 0x1654ae6b, 0x1f43b675, 0x1c53bb6b, 0x1941a469, 0x1043a770, 0x1254c367, 0xec, 0xbf,
]);

/**
 * ISO brands of video files (ISO base media, MP4 versions, AVC/HEVC, 3GPP, DASH, Apple's M4V and
 * QuickTime, Sony's XAVC): the file is a video when its major brand or one of its compatible brands is
 * one of these. Image brands of the same family (heic, avif, mif1…) are photos, not videos.
 */
const VIDEO_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'hvc1',
  'hev1',
  'M4V ',
  'M4VH',
  'M4VP',
  'qt  ',
  '3gp4',
  '3gp5',
  '3gp6',
  '3gp7',
  '3gp8',
  '3gp9',
  '3g2a',
  '3g2b',
  '3g2c',
  'dash',
  'msdh',
  'msix',
  'MSNV',
  'XAVC',
  'f4v ',
  'mmp4',
]);
const IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/** a box type: four printable characters (`©` too, as in QuickTime's metadata) */
const isBoxType = (bytes: Buffer, at: number) => {
  for (let i = at; i < at + 4; i += 1) {
    const byte = bytes[i]!;
    if ((byte < 0x20 || byte > 0x7e) && byte !== 0xa9) return false;
  }
  return true;
};

function isoKindOf(head: Buffer): VideoKind | null {
  // ftyp: size, 'ftyp', major brand, minor version, then compatible brands of 4 bytes each
  if (head.length < 16 || head.toString('latin1', 4, 8) !== 'ftyp') return null;
  const size = head.readUInt32BE(0);
  if (size < 16 || size > head.length || (size - 16) % 4 !== 0) return null;
  const major = head.toString('latin1', 8, 12);
  const compatible: string[] = [];
  for (let at = 16; at < size; at += 4) compatible.push(head.toString('latin1', at, at + 4));
  if (IMAGE_BRANDS.has(major)) return null;
  if (!VIDEO_BRANDS.has(major) && !compatible.some((brand) => VIDEO_BRANDS.has(brand))) return null;
  return major === 'qt  '
    ? { contentType: 'video/quicktime', extension: 'mov' }
    : { contentType: 'video/mp4', extension: 'mp4' };
}

/** An EBML variable-size integer at `at`: its length and value (the marker bit kept for ids). */
function readVint(bytes: Buffer, at: number, keepMarker: boolean): { length: number; value: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    value = value * 256 + bytes[at + i]!;
    if (bytes[at + i] !== 0xff) allOnes = false;
  }
  // a size of all ones is "unknown" (a live recording's Segment)
  return { length, value: !keepMarker && allOnes ? Infinity : value };
}

/** An EBML element's header at `at`: its id, where its data starts and its size (Infinity: unknown). */
function readElement(bytes: Buffer, at: number) {
  const id = readVint(bytes, at, true);
  if (!id || id.length > 4) return null;
  const size = readVint(bytes, at + id.length, false);
  if (!size) return null;
  return { id: id.value, dataAt: at + id.length + size.length, size: size.value };
}

/** WebM's head: the EBML header with its DocType, then a Segment and its first element. */
function webmSegmentEndOf(head: Buffer): number | null {
  const header = readElement(head, 0);
  if (!header || header.id !== EBML_HEADER_ID || !Number.isFinite(header.size)) return null;
  const headerEnd = header.dataAt + header.size;
  if (headerEnd > head.length) return null;
  let docType: string | null = null;
  for (let at = header.dataAt; at < headerEnd;) {
    const child = readElement(head, at);
    if (!child || !Number.isFinite(child.size) || child.dataAt + child.size > headerEnd) return null;
    if (child.id === EBML_DOCTYPE_ID) {
      docType = head.toString('latin1', child.dataAt, child.dataAt + child.size).replace(/\0+$/, '');
    }
    at = child.dataAt + child.size;
  }
  if (docType !== 'webm' && docType !== 'matroska') return null;
  const segment = readElement(head, headerEnd);
  if (!segment || segment.id !== SEGMENT_ID) return null;
  const first = readElement(head, segment.dataAt);
  if (!first || !SEGMENT_CHILD_IDS.has(first.id)) return null;
  return segment.dataAt + segment.size;
}

/**
 * The kind of video `head` (the upload's first VIDEO_HEAD_BYTES, or all of it if shorter) starts, or
 * null when it is not the start of an MP4, QuickTime or WebM file.
 */
export function videoKindOf(head: Buffer): VideoKind | null {
  if (head.length >= 4 && head.readUInt32BE(0) === EBML_HEADER_ID) {
    return webmSegmentEndOf(head) === null ? null : { contentType: 'video/webm', extension: 'webm' };
  }
  return isoKindOf(head);
}

/**
 * Follows a whole upload, chunk by chunk from its first byte, and says whether it is a complete
 * container of its kind: `push` every chunk (false as soon as the structure is broken), then `end`.
 */
export interface ContainerCheck {
  push(chunk: Buffer): boolean;
  end(): boolean;
}

/** `maxBytes`: a box or Segment that claims to be larger than any upload may be is broken already. */
export function createContainerCheck(kind: VideoKind, maxBytes: number): ContainerCheck {
  return kind.extension === 'webm' ? createWebmCheck(maxBytes) : createIsoBoxWalk(maxBytes);
}

function createWebmCheck(maxBytes: number): ContainerCheck {
  let received = 0;
  const head: Buffer[] = [];
  let segmentEnd: number | null = null;
  return {
    push(chunk) {
      // a copy of what the head needs: the chunk's memory is its stream's, not ours to keep
      if (segmentEnd === null && received < VIDEO_HEAD_BYTES) {
        head.push(Buffer.from(chunk.subarray(0, VIDEO_HEAD_BYTES - received)));
      }
      received += chunk.length;
      if (segmentEnd === null && received >= VIDEO_HEAD_BYTES) {
        segmentEnd = webmSegmentEndOf(Buffer.concat(head)) ?? -1;
        head.length = 0;
      }
      return segmentEnd !== -1 && (segmentEnd === null || segmentEnd === Infinity || segmentEnd <= maxBytes);
    },
    end() {
      segmentEnd ??= webmSegmentEndOf(Buffer.concat(head)) ?? -1;
      // a Segment of known size arrives whole; what follows it (a recorder's padding) is left alone
      return segmentEnd !== -1 && (segmentEnd === Infinity || received >= segmentEnd);
    },
  };
}

/** The walk over an ISO file's top-level boxes: only their headers are read, their data skipped. */
function createIsoBoxWalk(maxBytes: number): ContainerCheck {
  /** bytes pushed so far */
  let received = 0;
  /** where the next box header starts */
  let nextBoxAt = 0;
  /** the header being read (it may arrive over several chunks): 8 bytes, 16 with a 64-bit size */
  let header = Buffer.alloc(0);
  let headerLength = 8;
  let boxes = 0;
  /** a box of size 0 runs to the end of the file: nothing follows it */
  let runsToEnd = false;
  let isBroken = false;
  const types = new Set<string>();

  function readHeader(): void {
    const size32 = header.readUInt32BE(0);
    if (!isBoxType(header, 4)) {
      isBroken = true;
      return;
    }
    if (size32 === 1 && headerLength === 8) {
      headerLength = 16;
      return;
    }
    const type = header.toString('latin1', 4, 8);
    const size = size32 === 1 ? Number(header.readBigUInt64BE(8)) : size32;
    if ((boxes === 0 && type !== 'ftyp') || (size32 !== 0 && size < headerLength)) {
      isBroken = true;
      return;
    }
    boxes += 1;
    types.add(type);
    header = Buffer.alloc(0);
    headerLength = 8;
    if (size32 === 0) {
      runsToEnd = true;
      return;
    }
    nextBoxAt += size;
    if (nextBoxAt > maxBytes) isBroken = true;
  }

  return {
    push(chunk) {
      let at = 0;
      while (!isBroken && !runsToEnd && at < chunk.length) {
        const position = received + at;
        if (position < nextBoxAt) {
          at = Math.min(chunk.length, nextBoxAt - received);
          continue;
        }
        const take = Math.min(headerLength - header.length, chunk.length - at);
        header = Buffer.concat([header, chunk.subarray(at, at + take)]);
        at += take;
        if (header.length === headerLength) readHeader();
      }
      received += chunk.length;
      return !isBroken;
    },
    end() {
      if (isBroken || header.length > 0) return false;
      if (!runsToEnd && received !== nextBoxAt) return false;
      return types.has('moov') && types.has('mdat');
    },
  };
}
