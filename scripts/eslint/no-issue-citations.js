// A local ESLint rule: a comment or a test's name cites what a reader of the repository can open (a
// decision record in docs/decisions/, a docs/ section) or says the reason in plain words, never an
// issue number ("issue N", "issues N and M"), which nobody who clones the repository can open.
// scripts/issue-citations.test.mjs holds the files ESLint does not read (CSS, HTML, Markdown, shell)
// to the same pattern.

/** the word issue or issues, then a number, whatever space is between (a line break too) */
const ISSUE_CITATION = /\bissues?\s+\d+/gi;

/** the functions whose first argument names a test or a group of tests (Vitest, Playwright) */
const TEST_FUNCTIONS = new Set(['describe', 'it', 'test', 'suite', 'bench']);

/**
 * The issue citations in `text`, each with the line of `text` it starts on (0 for the first). A block
 * comment's `*` at the start of a line is left out first, so that a citation may wrap.
 * @param {string} text
 * @returns {{ line: number, citation: string }[]}
 */
export function issueCitations(text) {
  const plain = text.replace(/\n[ \t]*\*(?!\/)/g, '\n');
  return [...plain.matchAll(ISSUE_CITATION)].map((match) => ({
    line: plain.slice(0, match.index).split('\n').length - 1,
    citation: match[0].replace(/\s+/g, ' '),
  }));
}

const MESSAGE =
  'cites an issue ("{{citation}}"), which nobody who clones the repository can open: cite the decision ' +
  'record (docs/decisions/NNN-…) or the docs/ section that records it, or say the reason in plain words';

/** the root name of a callee: `it` of it.each(table), `test` of test.describe.serial */
function rootName(callee) {
  let node = callee;
  while (node.type === 'MemberExpression' || node.type === 'CallExpression')
    node = node.type === 'MemberExpression' ? node.object : node.callee;
  return node.type === 'Identifier' ? node.name : null;
}

/** the text of a test's name: a string, a template's fixed parts, or strings joined with + */
function titleText(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ');
  if (node.type === 'BinaryExpression' && node.operator === '+') {
    const [left, right] = [titleText(node.left), titleText(node.right)];
    return left === null && right === null ? null : `${left ?? ''} ${right ?? ''}`;
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Comments and test names cite decisions and docs, not issue numbers' },
    schema: [],
  },
  create(context) {
    function report(loc, citation) {
      context.report({ loc, message: MESSAGE, data: { citation } });
    }
    return {
      Program() {
        // a run of `//` comments on consecutive lines is one text, so a citation may wrap
        const groups = [];
        for (const comment of context.sourceCode.getAllComments()) {
          const last = groups.at(-1)?.at(-1);
          const continues =
            comment.type === 'Line' &&
            last?.type === 'Line' &&
            comment.loc.start.line === last.loc.end.line + 1;
          if (continues) groups.at(-1).push(comment);
          else groups.push([comment]);
        }
        for (const group of groups) {
          const text = group.map((comment) => comment.value).join('\n');
          for (const { line, citation } of issueCitations(text)) {
            const at = group[0].loc.start.line + line;
            report({ line: at, column: 0 }, citation);
          }
        }
      },
      CallExpression(node) {
        if (!TEST_FUNCTIONS.has(rootName(node.callee)) || node.arguments.length === 0) return;
        const title = titleText(node.arguments[0]);
        if (title === null) return;
        for (const { citation } of issueCitations(title)) report(node.arguments[0].loc, citation);
      },
    };
  },
};
