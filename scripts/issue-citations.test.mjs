// The files ESLint does not read (stylesheets, HTML, Markdown, shell and YAML) cite decisions and docs,
// not issue numbers, as scripts/eslint/no-issue-citations.js holds JavaScript and TypeScript to
// (docs/style.md #12). Markdown is read whole; the others, their comments only.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { issueCitations } from './eslint/no-issue-citations.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** what is read, by the end of its name */
const KINDS = [
  { kind: 'css', test: (file) => file.endsWith('.css') },
  { kind: 'html', test: (file) => file.endsWith('.html') },
  { kind: 'markdown', test: (file) => file.endsWith('.md') },
  {
    kind: 'hash',
    test: (file) =>
      /\.(sh|ya?ml)$/.test(file) || ['Dockerfile', 'Caddyfile', '.env.example', '.ci/run'].includes(file),
  },
];

/**
 * Left out for good: the decision records and the benches' results keep their history as written
 * (they are the record, and a result's section title is what its bench writes under).
 */
const RECORDS = [/^docs\/decisions\//, /^bench\/RESULTS\.md$/];

/**
 * The texts of `text` that may not cite an issue, each with the line (1-based) it starts on: a
 * stylesheet's or HTML's comments, the `#` comments of a shell-like file (a run of them on
 * consecutive lines is one text), or all of a Markdown file.
 * @returns {{ line: number, text: string }[]}
 */
export function textsOf(kind, text) {
  const lineAt = (index) => text.slice(0, index).split('\n').length;
  const blocks = (pattern) => [...text.matchAll(pattern)].map((m) => ({ line: lineAt(m.index), text: m[0] }));
  if (kind === 'markdown') return [{ line: 1, text }];
  if (kind === 'css') return blocks(/\/\*[\s\S]*?\*\//g);
  if (kind === 'html') return [...blocks(/<!--[\s\S]*?-->/g), ...blocks(/\/\*[\s\S]*?\*\//g)];
  const runs = [];
  text.split('\n').forEach((line, index) => {
    const at = line.search(/(^|\s)#/);
    if (at === -1) return;
    const comment = line.slice(at).replace(/^\s*#/, '');
    const last = runs.at(-1);
    if (last && last.end === index) {
      last.text += `\n${comment}`;
      last.end = index + 1;
    } else runs.push({ line: index + 1, text: comment, end: index + 1 });
  });
  return runs.map(({ line, text: comment }) => ({ line, text: comment }));
}

/** "file:line: citation" for each citation in `text` of `kind` */
function citationsIn(file, kind, text) {
  return textsOf(kind, text).flatMap(({ line, text: part }) =>
    issueCitations(part).map((found) => `${file}:${line + found.line}: ${found.citation}`),
  );
}

describe('the texts of stylesheets, HTML, Markdown and shell files', () => {
  it("finds a stylesheet's and an HTML page's comments, on the line they start", () => {
    const css = '.a { color: red; }\n/*\n * plain CSS (issue 18)\n */\n.b {}';
    expect(citationsIn('a.css', 'css', css)).toEqual(['a.css:3: issue 18']);
    const html =
      '<p>issue 12 fixed</p>\n<!--\n  the anchor (issue\n  31)\n-->\n<style>/* issues 2 */</style>';
    expect(citationsIn('a.html', 'html', html)).toEqual(['a.html:3: issue 31', 'a.html:6: issues 2']);
  });

  it('reads a run of # comments as one text, and nothing of the commands', () => {
    const shell = '#!/usr/bin/env bash\necho "issue 12"\n# Node 24 (issue\n# 28)\nrun # fine: decision 027';
    expect(citationsIn('run.sh', 'hash', shell)).toEqual(['run.sh:3: issue 28']);
  });

  it('reads Markdown whole, and leaves decisions and other numbers alone', () => {
    const markdown = '# Title\n\nSee decision 012 and #12.\nThe phone (issue\n30 item 3).';
    expect(citationsIn('a.md', 'markdown', markdown)).toEqual(['a.md:4: issue 30']);
  });
});

describe('the repository', () => {
  it('has no stylesheet, HTML, Markdown or shell file citing an issue number', () => {
    // what git tracks, and new files it does not ignore
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => file && !RECORDS.some((record) => record.test(file)));
    const found = [];
    let read = 0;
    for (const file of files) {
      const kind = KINDS.find(({ test }) => test(file))?.kind;
      if (!kind || !fs.existsSync(path.join(root, file))) continue;
      read += 1;
      found.push(...citationsIn(file, kind, fs.readFileSync(path.join(root, file), 'utf8')));
    }
    // the scan read the repository (a git failure or a wrong root would find nothing)
    expect(read).toBeGreaterThan(20);
    expect(found, 'cite the decision record (docs/decisions/NNN-…) or the docs/ section instead').toEqual([]);
  });
});
