import path from 'node:path';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import noIssueCitations, { issueCitations } from './no-issue-citations.js';

const cwd = '/repo';

/** the rule's findings for `code` in `file` (relative to the repository), as "line: message" */
function lint(code, { file = 'apps/server/src/x.ts' } = {}) {
  const linter = new Linter({ configType: 'flat', cwd });
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.ts', '**/*.tsx'],
          languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
          plugins: { escudo: { rules: { 'no-issue-citations': noIssueCitations } } },
          rules: { 'escudo/no-issue-citations': 'error' },
        },
      ],
      { filename: path.join(cwd, file) },
    )
    .map((message) => `${message.line}: ${message.message}`);
}

describe('comments and test names cite decisions and docs, not issues', () => {
  it('finds a citation in line, block and JSX comments, on the line it is written', () => {
    const code = [
      '// the starter plan has no tracking (issue 12)',
      'const a = 1;',
      '/**',
      ' * Orders for a phone (Issue 3).',
      ' */',
      'const b = <div>{/* the header (issues 2 and 12) */}</div>;',
      'const c = 2; /* fine: decision 012 */',
    ].join('\n');
    expect(lint(code, { file: 'apps/web/src/x.tsx' })).toEqual([
      expect.stringMatching(/^1: cites an issue \("issue 12"\), which nobody/),
      expect.stringMatching(/^4: cites an issue \("Issue 3"\)/),
      expect.stringMatching(/^6: cites an issue \("issues 2"\)/),
    ]);
  });

  it('finds a citation that wraps from one comment line to the next', () => {
    const code = [
      '/**',
      ' * What the contract refuses first (issue',
      ' * 12 item 7).',
      ' */',
      'const a = 1;',
      '// MUI in another chunk (issue',
      '// 18): left alone',
      'const b = 2;',
    ].join('\n');
    expect(lint(code)).toEqual([
      expect.stringMatching(/^2: cites an issue \("issue 12"\)/),
      expect.stringMatching(/^6: cites an issue \("issue 18"\)/),
    ]);
  });

  it("finds a citation in a test's or a group's name, however the test function is reached", () => {
    const code = [
      "describe('the built panel, precompressed (issue 18)', () => {",
      "  it('shows a lock already waiting (issue 30)', () => {});",
      '  test.describe(`a journey (issue 4) of ${name}`, () => {});',
      "  it.each([1])('case %s of issue 5', () => {});",
      "  test('a lock ' + 'for issue 3', () => {});",
      '});',
    ].join('\n');
    expect(lint(code).map((finding) => finding.slice(0, 33))).toEqual([
      '1: cites an issue ("issue 18"), w',
      '2: cites an issue ("issue 30"), w',
      '3: cites an issue ("issue 4"), wh',
      '4: cites an issue ("issue 5"), wh',
      '5: cites an issue ("issue 3"), wh',
    ]);
  });

  it('leaves alone what is not a citation of an issue, and strings that are not test names', () => {
    const code = [
      '// decision 012; docs/api.md, "Conventions"; #12; the issue tracker; an issue of PGlite#1107',
      "const title = '## Realtime (issue 3)';",
      "expect(title).toBe('issue 3');",
      "describe('issues with the network', () => {});",
    ].join('\n');
    expect(lint(code)).toEqual([]);
  });

  it('reads a citation across the line break of a block comment, and names the line it starts on', () => {
    expect(issueCitations('first line\n * see issue\n * 12 item 7')).toEqual([
      { line: 1, citation: 'issue 12' },
    ]);
  });
});
