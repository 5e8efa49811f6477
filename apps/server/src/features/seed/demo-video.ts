/**
 * A short, real, playable WebM video made at run time, so that no binary is committed (decision
 * 018): the demo's evidence, and the tests' and journeys' uploads. Each frame is drawn as an SVG and
 * encoded by sharp as a lossy WebP, whose `VP8 ` chunk is exactly a VP8 key frame; the frames are then
 * put in a minimal WebM (Matroska) container written here: EBML header, Info (with the duration, so
 * that browsers show it), one video track and one cluster of key frames.
 */
import sharp from 'sharp';

/** EBML's variable-size integer, always written on 8 bytes (0x01 + 7 bytes): valid at any size. */
function sizeField(size: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes[0] = 0x01;
  bytes.writeUIntBE(size, 2, 6);
  return bytes;
}

function element(id: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  // an element id is written as its own bytes (its length marker is part of it)
  const hex = id.toString(16);
  const idBytes = Buffer.from(hex.length % 2 === 0 ? hex : `0${hex}`, 'hex');
  return Buffer.concat([idBytes, sizeField(body.length), body]);
}

const uint = (id: number, value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return element(id, bytes);
};
const text = (id: number, value: string) => element(id, Buffer.from(value, 'ascii'));
const float = (id: number, value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(value);
  return element(id, bytes);
};

/** The VP8 key frame inside a lossy WebP (RIFF 'WEBP', chunk 'VP8 '). */
function vp8FrameOf(webp: Buffer): Buffer {
  if (webp.toString('ascii', 0, 4) !== 'RIFF' || webp.toString('ascii', 8, 16) !== 'WEBPVP8 ') {
    throw new Error('sharp did not produce a simple lossy WebP');
  }
  return webp.subarray(20, 20 + webp.readUInt32LE(16));
}

function frameSvg(width: number, height: number, index: number, count: number): string {
  const hue = Math.round((index / count) * 240);
  const x = Math.round((index / count) * (width - 60));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="hsl(${hue}, 70%, 45%)"/>
  <rect x="${x}" y="20" width="60" height="60" fill="#ffffff"/>
  <rect x="10" y="${height - 40}" width="${width - 20}" height="24" fill="#b71c1c"/>
</svg>`;
}

export interface DemoVideoOptions {
  width?: number;
  height?: number;
  frames?: number;
  framesPerSecond?: number;
}

/** A WebM of `frames` frames (default 20 at 10 a second: 2 s) with a moving square on changing colour. */
export async function createDemoVideo({
  width = 320,
  height = 240,
  frames = 20,
  framesPerSecond = 10,
}: DemoVideoOptions = {}): Promise<Buffer> {
  const frameMs = 1000 / framesPerSecond;
  const encoded = await Promise.all(
    Array.from({ length: frames }, (_, index) =>
      sharp(Buffer.from(frameSvg(width, height, index, frames)))
        .removeAlpha()
        .webp({ quality: 70 })
        .toBuffer()
        .then(vp8FrameOf),
    ),
  );
  const blocks = encoded.map((frame, index) => {
    const header = Buffer.alloc(4);
    header[0] = 0x81; // track number 1, as an EBML integer
    header.writeInt16BE(Math.round(index * frameMs), 1); // time relative to the cluster's
    header[3] = 0x80; // a key frame
    return element(0xa3, header, frame); // SimpleBlock
  });
  const ebmlHeader = element(
    0x1a45dfa3,
    uint(0x4286, 1), // EBMLVersion
    uint(0x42f7, 1), // EBMLReadVersion
    uint(0x42f2, 4), // EBMLMaxIDLength
    uint(0x42f3, 8), // EBMLMaxSizeLength
    text(0x4282, 'webm'), // DocType
    uint(0x4287, 2), // DocTypeVersion
    uint(0x4285, 2), // DocTypeReadVersion
  );
  const info = element(
    0x1549a966,
    uint(0x2ad7b1, 1_000_000), // TimecodeScale: milliseconds
    text(0x4d80, 'escudo'), // MuxingApp
    text(0x5741, 'escudo'), // WritingApp
    float(0x4489, frames * frameMs), // Duration
  );
  const tracks = element(
    0x1654ae6b,
    element(
      0xae, // TrackEntry
      uint(0xd7, 1), // TrackNumber
      uint(0x73c5, 1), // TrackUID
      uint(0x83, 1), // TrackType: video
      uint(0x9c, 0), // FlagLacing
      text(0x86, 'V_VP8'), // CodecID
      element(0xe0, uint(0xb0, width), uint(0xba, height)), // Video: PixelWidth, PixelHeight
    ),
  );
  const cluster = element(0x1f43b675, uint(0xe7, 0), ...blocks); // Cluster: Timecode 0, blocks
  return Buffer.concat([ebmlHeader, element(0x18538067, info, tracks, cluster)]);
}
