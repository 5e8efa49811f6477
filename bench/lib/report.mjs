/** Tables for the terminal and for bench/RESULTS.md, and the rewrite of a bench's generated section. */
import fs from 'node:fs';
import * as prettier from 'prettier';

export const fmt = (n) => (n === null || n === undefined ? '-' : n.toLocaleString('en'));
export const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;

export function printTable({ header, rows }) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
}

export function markdownTable({ header, rows }) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, i) => (i === 0 ? '---' : '--:'))), ...rows.map(line)].join('\n');
}

/**
 * Replaces what lies between `begin` and `end` in `file` with `generated` (which starts with `begin`
 * and ends with `end`), or appends a new `title` section holding it; text outside the marks is the
 * people's and stays. The file is formatted with the repository's prettier settings.
 */
export async function writeGeneratedSection(file, { title, begin, end }, generated) {
  let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const from = text.indexOf(begin.slice(0, 30));
  const to = text.indexOf(end);
  if (from !== -1 && to > from) {
    text = text.slice(0, from) + generated + text.slice(to + end.length);
  } else {
    text = `${text.trimEnd()}\n\n${title}\n\n${generated}\n`;
  }
  const config = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(text, { ...config, filepath: file }));
}
