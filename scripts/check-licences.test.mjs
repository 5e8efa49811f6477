import { describe, expect, it } from 'vitest';
import { collectRuntimePackages, findDisallowed, isAllowedExpression } from './check-licences.mjs';

/** a package-lock in miniature: one shipped workspace, its dependencies, and a dev-only one */
function lockWith(packages) {
  return {
    packages: {
      '': { workspaces: ['apps/web'] },
      'apps/web': { name: '@escudo/web', dependencies: { maps: '^1.0.0' }, devDependencies: { tool: '1' } },
      'node_modules/@escudo/web': { resolved: 'apps/web', link: true },
      'node_modules/tool': { version: '1.0.0', license: 'UNLICENSED', dev: true },
      ...packages,
    },
  };
}

describe('the licence check of runtime dependencies', () => {
  it('passes a tree of OSI-approved licences, and ignores development tools', () => {
    const lock = lockWith({
      'node_modules/maps': { version: '1.0.0', license: 'BSD-2-Clause', dependencies: { tiles: '^2' } },
      'node_modules/tiles': { version: '2.1.0', license: '(MIT OR CC0-1.0)' },
    });
    const packages = collectRuntimePackages(lock, ['apps/web']);
    expect(packages.map((pkg) => pkg.name)).toEqual(['maps', 'tiles']);
    expect(findDisallowed(packages)).toEqual([]);
  });

  it('fails a dependency under a licence that is not OSI-approved, naming it and who needs it', () => {
    const lock = lockWith({
      'node_modules/maps': { version: '1.0.0', license: 'MIT', dependencies: { 'react-maps': '^5' } },
      'node_modules/react-maps': { version: '5.0.0', license: 'Hippocratic-2.1' },
    });
    expect(findDisallowed(collectRuntimePackages(lock, ['apps/web']))).toEqual([
      expect.objectContaining({
        name: 'react-maps',
        version: '5.0.0',
        licence: 'Hippocratic-2.1',
        requiredBy: 'maps@1.0.0',
      }),
    ]);
  });

  it('resolves a nested copy before the hoisted one, as Node does', () => {
    const lock = lockWith({
      'node_modules/maps': { version: '1.0.0', license: 'MIT', dependencies: { tiles: '^1' } },
      'node_modules/maps/node_modules/tiles': { version: '1.0.0', license: 'CC-BY-4.0' },
      'node_modules/tiles': { version: '2.0.0', license: 'MIT' },
    });
    expect(findDisallowed(collectRuntimePackages(lock, ['apps/web'])).map((pkg) => pkg.version)).toEqual([
      '1.0.0',
    ]);
  });

  it('fails a package that declares no licence', () => {
    const lock = lockWith({ 'node_modules/maps': { version: '1.0.0' } });
    expect(findDisallowed(collectRuntimePackages(lock, ['apps/web']))).toHaveLength(1);
  });

  it('reads SPDX expressions: OR needs one allowed side, AND needs both', () => {
    expect(isAllowedExpression('MIT')).toBe(true);
    expect(isAllowedExpression('(MIT OR GPL-3.0-only)')).toBe(true);
    expect(isAllowedExpression('Apache-2.0 AND LGPL-3.0-or-later AND MIT')).toBe(true);
    expect(isAllowedExpression('MIT AND CC-BY-4.0')).toBe(false);
    expect(isAllowedExpression('(MIT AND CC-BY-4.0) OR BSD-3-Clause')).toBe(true);
    expect(isAllowedExpression('Apache-2.0 WITH LLVM-exception')).toBe(true);
    expect(isAllowedExpression('CC0-1.0')).toBe(false);
    expect(isAllowedExpression('SEE LICENSE IN LICENSE.md')).toBe(false);
    expect(isAllowedExpression('')).toBe(false);
    expect(isAllowedExpression('MIT OR')).toBe(false);
  });
});
