/**
 * A tiny bitmap font for stamping the date and the phone's name on the lost-mode photo, so there is no
 * native module or font file to install. Glyphs are 5 pixels wide and 9 rows high: rows 0–6 hold
 * capitals and digits (baseline under row 6), rows 7–8 the descenders of g j p q y. Lower-case
 * accents sit in rows 0–1 (above the x-height); capital accents get two extra rows above the glyph.
 */

export const GLYPH_WIDTH = 5;
export const GLYPH_ROWS = 9;
/** rows above a glyph kept for capital accents (Á É Í Ó Ú Ñ) */
export const ACCENT_ROWS = 2;
/** a line of text, in font pixels: accent rows + glyph rows */
export const LINE_ROWS = ACCENT_ROWS + GLYPH_ROWS;

// prettier-ignore
const GLYPHS: Record<string, readonly string[]> = {
  ' ': [],
  '0': ['.###.', '#...#', '#..##', '#.#.#', '##..#', '#...#', '.###.'],
  '1': ['..#..', '.##..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  '3': ['#####', '...#.', '..#..', '...#.', '....#', '#...#', '.###.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '5': ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  '6': ['..##.', '.#...', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '8': ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '...#.', '.##..'],
  A: ['.###.', '#...#', '#...#', '#...#', '#####', '#...#', '#...#'],
  B: ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  D: ['###..', '#..#.', '#...#', '#...#', '#...#', '#..#.', '###..'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  F: ['#####', '#....', '#....', '####.', '#....', '#....', '#....'],
  G: ['.###.', '#...#', '#....', '#.###', '#...#', '#...#', '.####'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  I: ['.###.', '..#..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  J: ['..###', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  L: ['#....', '#....', '#....', '#....', '#....', '#....', '#####'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#'],
  O: ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  Q: ['.###.', '#...#', '#...#', '#...#', '#.#.#', '#..#.', '.##.#'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  V: ['#...#', '#...#', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '#.#.#', '.#.#.'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..'],
  Z: ['#####', '....#', '...#.', '..#..', '.#...', '#....', '#####'],
  a: ['.....', '.....', '.###.', '....#', '.####', '#...#', '.####'],
  b: ['#....', '#....', '#.##.', '##..#', '#...#', '#...#', '####.'],
  c: ['.....', '.....', '.###.', '#....', '#....', '#...#', '.###.'],
  d: ['....#', '....#', '.##.#', '#..##', '#...#', '#...#', '.####'],
  e: ['.....', '.....', '.###.', '#...#', '#####', '#....', '.###.'],
  f: ['..##.', '.#..#', '.#...', '###..', '.#...', '.#...', '.#...'],
  g: ['.....', '.....', '.####', '#...#', '#...#', '.####', '....#', '#...#', '.###.'],
  h: ['#....', '#....', '#.##.', '##..#', '#...#', '#...#', '#...#'],
  i: ['..#..', '.....', '.##..', '..#..', '..#..', '..#..', '.###.'],
  j: ['...#.', '.....', '..##.', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  k: ['#....', '#....', '#..#.', '#.#..', '##...', '#.#..', '#..#.'],
  l: ['.##..', '..#..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  m: ['.....', '.....', '##.#.', '#.#.#', '#.#.#', '#.#.#', '#.#.#'],
  n: ['.....', '.....', '#.##.', '##..#', '#...#', '#...#', '#...#'],
  o: ['.....', '.....', '.###.', '#...#', '#...#', '#...#', '.###.'],
  p: ['.....', '.....', '####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  q: ['.....', '.....', '.####', '#...#', '#...#', '.####', '....#', '....#', '....#'],
  r: ['.....', '.....', '#.##.', '##..#', '#....', '#....', '#....'],
  s: ['.....', '.....', '.###.', '#....', '.###.', '....#', '####.'],
  t: ['.#...', '.#...', '###..', '.#...', '.#...', '.#..#', '..##.'],
  u: ['.....', '.....', '#...#', '#...#', '#...#', '#..##', '.##.#'],
  v: ['.....', '.....', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  w: ['.....', '.....', '#...#', '#...#', '#.#.#', '#.#.#', '.#.#.'],
  x: ['.....', '.....', '#...#', '.#.#.', '..#..', '.#.#.', '#...#'],
  y: ['.....', '.....', '#...#', '#...#', '#...#', '.####', '....#', '#...#', '.###.'],
  z: ['.....', '.....', '#####', '...#.', '..#..', '.#...', '#####'],
  // an i without its dot, to carry an accent
  ı: ['.....', '.....', '.##..', '..#..', '..#..', '..#..', '.###.'],
  '-': ['.....', '.....', '.....', '#####', '.....', '.....', '.....'],
  ':': ['.....', '.##..', '.##..', '.....', '.##..', '.##..', '.....'],
  '/': ['.....', '....#', '...#.', '..#..', '.#...', '#....', '.....'],
  '.': ['.....', '.....', '.....', '.....', '.....', '.##..', '.##..'],
  ',': ['.....', '.....', '.....', '.....', '.##..', '..#..', '.#...'],
  '(': ['...#.', '..#..', '.#...', '.#...', '.#...', '..#..', '...#.'],
  ')': ['.#...', '..#..', '...#.', '...#.', '...#.', '..#..', '.#...'],
  "'": ['..#..', '..#..', '.#...', '.....', '.....', '.....', '.....'],
  '?': ['.###.', '#...#', '....#', '...#.', '..#..', '.....', '..#..'],
};

// prettier-ignore
const ACCENTS = {
  acute: ['...#.', '..#..'],
  tilde: ['.##.#', '#.##.'],
  diaeresis: ['.#.#.', '.....'],
} as const;

/** accented letters: base glyph + mark */
// prettier-ignore
const COMPOSED: Record<string, [base: string, accent: keyof typeof ACCENTS]> = {
  á: ['a', 'acute'], é: ['e', 'acute'], í: ['ı', 'acute'], ó: ['o', 'acute'], ú: ['u', 'acute'],
  ñ: ['n', 'tilde'], ü: ['u', 'diaeresis'],
  Á: ['A', 'acute'], É: ['E', 'acute'], Í: ['I', 'acute'], Ó: ['O', 'acute'], Ú: ['U', 'acute'],
  Ñ: ['N', 'tilde'], Ü: ['U', 'diaeresis'],
};

/** Pixels of one character as [column, row] pairs, rows counted from the top of the line. */
export function glyphPixels(char: string): Array<[number, number]> {
  let base = char;
  let accent: readonly string[] | null = null;
  const composed = COMPOSED[char];
  if (composed) {
    base = composed[0];
    accent = ACCENTS[composed[1]];
  } else if (!GLYPHS[char]) {
    // other accented letters lose their accent (è → e); anything else shows as '?'
    const folded = char.normalize('NFD').replace(/\p{Diacritic}/gu, '');
    base = GLYPHS[folded] ? folded : '?';
  }
  const pixels: Array<[number, number]> = [];
  const paint = (rows: readonly string[], top: number) =>
    rows.forEach((row, y) => {
      for (let x = 0; x < row.length; x += 1) if (row[x] === '#') pixels.push([x, top + y]);
    });
  paint(GLYPHS[base] ?? [], ACCENT_ROWS);
  // lower-case letters have room for the accent inside their own cell, capitals above it
  if (accent) paint(accent, base === base.toLowerCase() ? ACCENT_ROWS : 0);
  return pixels;
}

/** Width in font pixels of `text`: each glyph plus one column of space. */
export function textWidth(text: string): number {
  return [...text].length * (GLYPH_WIDTH + 1) - 1;
}

/** An RGB image that text can be drawn on (jpeg-js wants RGBA, 4 bytes a pixel). */
export interface Canvas {
  width: number;
  height: number;
  data: Uint8Array;
}

export type Rgb = readonly [number, number, number];

export function fillRect(canvas: Canvas, x0: number, y0: number, w: number, h: number, [r, g, b]: Rgb): void {
  // whole pixels only: a fractional index would write nowhere
  const xStart = Math.max(0, Math.round(x0));
  const yStart = Math.max(0, Math.round(y0));
  const xEnd = Math.min(canvas.width, Math.round(x0 + w));
  const yEnd = Math.min(canvas.height, Math.round(y0 + h));
  for (let y = yStart; y < yEnd; y += 1) {
    for (let x = xStart; x < xEnd; x += 1) {
      const i = (y * canvas.width + x) * 4;
      canvas.data[i] = r;
      canvas.data[i + 1] = g;
      canvas.data[i + 2] = b;
      canvas.data[i + 3] = 255;
    }
  }
}

/** Draws `text` with its top-left corner at (x, y), each font pixel a `scale`×`scale` square. */
export function drawText(
  canvas: Canvas,
  text: string,
  x: number,
  y: number,
  scale: number,
  color: Rgb,
): void {
  let left = x;
  for (const char of text) {
    for (const [gx, gy] of glyphPixels(char)) {
      fillRect(canvas, left + gx * scale, y + gy * scale, scale, scale, color);
    }
    left += (GLYPH_WIDTH + 1) * scale;
  }
}
