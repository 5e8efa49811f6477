// A local ESLint rule for docs/style.md #1: imports flow one way (lib, components -> features -> app) and a
// feature never reaches into another feature. It resolves relative imports against the importing
// file, so it needs no module resolver (eslint-plugin-import-x's native resolver cannot be locked
// reproducibly by npm on this toolchain; see docs/decisions/006-import-boundaries-rule.md).
import path from 'node:path';

/** @param {string} file absolute path; @returns {{ area: string, feature?: string } | null} */
function locate(file, webSrc) {
  const relative = path.relative(webSrc, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [area, feature] = relative.split(path.sep);
  return area === 'features' ? { area, feature } : { area };
}

export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Keep the panel’s import direction: shared → features → app; no feature-to-feature imports',
    },
    schema: [{ type: 'object', properties: { webSrc: { type: 'string' } }, required: ['webSrc'] }],
  },
  create(context) {
    const webSrc = path.resolve(context.options[0].webSrc);
    const from = locate(context.filename, webSrc);
    if (!from) return {};
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = locate(path.resolve(path.dirname(context.filename), source), webSrc);
      if (!to) return;
      const shared = from.area === 'lib' || from.area === 'components';
      let problem = null;
      if (shared && (to.area === 'features' || to.area === 'app'))
        problem = `src/${from.area} must not import src/${to.area}`;
      else if (from.area === 'features' && to.area === 'app')
        problem = 'a feature must not import the app shell';
      else if (from.area === 'features' && to.area === 'features' && to.feature !== from.feature)
        problem = `feature "${from.feature}" must not import feature "${to.feature}"`;
      if (problem) context.report({ node, message: `${problem} (docs/style.md #1).` });
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
    };
  },
};
