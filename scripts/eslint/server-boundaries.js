// A local ESLint rule for the server's folders (apps/server/src), the twin of import-boundaries.js:
// - `lib/` is below every feature: it imports only itself;
// - a feature (`features/<name>/`) imports `lib/`, itself, and only the other features listed for it
//   in `uses` (eslint.config.js says why each is there); what must react to another feature's change
//   subscribes to its event instead (lib/events.ts);
// - only the assembly (`app/` and `main.ts`) imports everything, and nothing imports it back but
//   itself.
// The `uses` list is checked for loops when the configuration loads, so the folders stay a ladder.
import path from 'node:path';

const ASSEMBLY = new Set(['app', 'main']);

/**
 * @param {string} file absolute path
 * @returns {string | null} `lib`, a feature's name, or the assembly's folder or file (without .ts)
 */
function areaOf(file, serverSrc) {
  const relative = path.relative(serverSrc, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, next] = relative.split(path.sep);
  if (top === 'features' && next) return next;
  return top.replace(/\.ts$/, '');
}

/** @param {Record<string, string[]>} uses @returns {string[] | null} a loop, if the list has one */
function findLoop(uses) {
  const state = new Map();
  const visit = (feature, trail) => {
    if (state.get(feature) === 'done') return null;
    if (state.get(feature) === 'open') return [...trail.slice(trail.indexOf(feature)), feature];
    state.set(feature, 'open');
    for (const next of uses[feature] ?? []) {
      const loop = visit(next, [...trail, feature]);
      if (loop) return loop;
    }
    state.set(feature, 'done');
    return null;
  };
  for (const feature of Object.keys(uses)) {
    const loop = visit(feature, []);
    if (loop) return loop;
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the server’s folders a ladder: lib → features (listed uses only) → assembly' },
    schema: [
      {
        type: 'object',
        properties: {
          serverSrc: { type: 'string' },
          uses: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        required: ['serverSrc', 'uses'],
      },
    ],
  },
  create(context) {
    const { uses } = context.options[0];
    const loop = findLoop(uses);
    if (loop) throw new Error(`server-boundaries: the allowed uses form a loop: ${loop.join(' → ')}`);
    const serverSrc = path.resolve(context.options[0].serverSrc);
    const from = areaOf(context.filename, serverSrc);
    if (!from || ASSEMBLY.has(from)) return {};
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = areaOf(path.resolve(path.dirname(context.filename), source), serverSrc);
      if (!to || to === from) return;
      let problem = null;
      if (ASSEMBLY.has(to)) problem = `"${from}" must not import the assembly (${to})`;
      else if (from === 'lib' && to !== 'lib')
        problem = `lib/ must not import "${to}": pass what it needs in`;
      else if (from !== 'lib' && to !== 'lib' && !(uses[from] ?? []).includes(to))
        problem = `"${from}" must not import "${to}": subscribe to its event (lib/events.ts), or list the use in eslint.config.js`;
      if (problem) context.report({ node, message: problem });
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
    };
  },
};
