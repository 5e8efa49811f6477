import { describe, expect, it } from 'vitest';
import { ACCENT_ROWS, GLYPH_WIDTH, LINE_ROWS, glyphPixels, textWidth } from './font.ts';

const rowsOf = (char: string) => new Set(glyphPixels(char).map(([, y]) => y));

describe('the bitmap font', () => {
  it('has a glyph for every character of a date and of a usual phone name', () => {
    const question = JSON.stringify(glyphPixels('?'));
    for (const char of '0123456789-:/.()ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz') {
      expect(glyphPixels(char).length, char).toBeGreaterThan(0);
      expect(JSON.stringify(glyphPixels(char)), char).not.toBe(question);
    }
    expect(glyphPixels(' ')).toEqual([]);
  });

  it('stays inside its cell', () => {
    for (const char of 'AgjpqyÁÑáéíóúñü') {
      for (const [x, y] of glyphPixels(char)) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThan(GLYPH_WIDTH);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThan(LINE_ROWS);
      }
    }
  });

  it('puts accents above the letter: inside the cell for lower case, above it for capitals', () => {
    expect(Math.min(...rowsOf('á'))).toBe(ACCENT_ROWS);
    expect(Math.min(...rowsOf('a'))).toBeGreaterThan(ACCENT_ROWS + 1);
    expect(Math.min(...rowsOf('Á'))).toBe(0);
    expect(Math.min(...rowsOf('ñ'))).toBeLessThan(Math.min(...rowsOf('n')));
    // í loses the dot of the i under its accent
    expect(glyphPixels('í').length).toBe(glyphPixels('i').length - 1 + 2);
  });

  it('folds other accents and shows unknown characters as ?', () => {
    expect(glyphPixels('è')).toEqual(glyphPixels('e'));
    expect(glyphPixels('€')).toEqual(glyphPixels('?'));
  });

  it('measures text: 5 columns a glyph and 1 between glyphs', () => {
    expect(textWidth('ab')).toBe(11);
  });
});
