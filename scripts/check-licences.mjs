#!/usr/bin/env node
/**
 * Every runtime dependency of what we ship (the panel, the server, the contract, the phone simulator)
 * must carry an OSI-approved licence (docs/architecture.md "Licences"; decision 016). Walks each workspace's
 * production dependencies through package-lock.json as Node resolves them (nested node_modules first),
 * optional ones (platform binaries) included, and checks each package's SPDX expression against the
 * allow-list below: `A OR B` passes when either does, `A AND B` when both do. A failure names the
 * package, its version, its licence and who pulls it in. `npm test` runs it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * OSI-approved licences met in our tree (https://opensource.org/licenses). Not here on purpose:
 * CC0-1.0, CC-BY-* (not OSI-approved), Hippocratic-2.1 (react-leaflet's, why we use Leaflet directly),
 * UNLICENSED and anything without a licence. A new one goes here only after reading it.
 */
export const ALLOWED_LICENCES = new Set([
  'MIT',
  'MIT-0',
  'ISC',
  '0BSD',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  'MPL-2.0',
  'BlueOak-1.0.0',
  'Python-2.0',
  'Zlib',
  // sharp's prebuilt libvips (@img/sharp-libvips-*, @img/sharp-linux-*): LGPL, dynamically linked
  'LGPL-3.0-or-later',
]);

/** the workspaces whose runtime dependencies are shipped */
export const SHIPPED_WORKSPACES = ['apps/web', 'apps/server', 'packages/contract', 'apps/phone'];

/** `true` when the SPDX expression is allowed: any side of an OR, every side of an AND. */
export function isAllowedExpression(expression, allowed = ALLOWED_LICENCES) {
  const tokens = String(expression ?? '')
    .replace(/([()])/g, ' $1 ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (tokens.length === 0) return false;
  let at = 0;
  // expression := term (OR term)* ; term := factor (AND factor)* ; factor := id | ( expression )
  const parseFactor = () => {
    const token = tokens[at++];
    if (token === '(') {
      const value = parseExpression();
      if (tokens[at++] !== ')') throw new Error('unbalanced parentheses');
      return value;
    }
    if (!token || /^(AND|OR|WITH|\))$/i.test(token)) throw new Error(`unexpected ${token ?? 'end'}`);
    // `X WITH exception`: the exception only grants more, so X decides
    if (/^WITH$/i.test(tokens[at] ?? '')) at += 2;
    return allowed.has(token.replace(/\+$/, '-or-later').replace(/-or-later-or-later$/, '-or-later'));
  };
  const parseTerm = () => {
    let value = parseFactor();
    while (/^AND$/i.test(tokens[at] ?? '')) {
      at += 1;
      value = parseFactor() && value;
    }
    return value;
  };
  const parseExpression = () => {
    let value = parseTerm();
    while (/^OR$/i.test(tokens[at] ?? '')) {
      at += 1;
      value = parseTerm() || value;
    }
    return value;
  };
  try {
    const value = parseExpression();
    return at === tokens.length && value;
  } catch {
    return false;
  }
}

/** The licence a package declares: SPDX `license`, or the old `licenses: [{ type }]` (joined by OR). */
export function declaredLicence(manifest) {
  if (typeof manifest.license === 'string') return manifest.license;
  if (manifest.license && typeof manifest.license.type === 'string') return manifest.license.type;
  if (Array.isArray(manifest.licenses)) {
    return manifest.licenses.map((entry) => entry.type ?? entry).join(' OR ');
  }
  return null;
}

/**
 * The production closure of the shipped workspaces, from a package-lock (v2/v3) `packages` map:
 * [{ name, version, licence, path, requiredBy }], each installed copy once.
 */
export function collectRuntimePackages(lock, workspaces = SHIPPED_WORKSPACES, readManifest = () => null) {
  const entries = lock.packages ?? {};
  const found = new Map();
  /** Node's lookup: <from>/node_modules/<name>, then each parent's node_modules, then the root's */
  const resolve = (from, name) => {
    let dir = from;
    for (;;) {
      const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
      if (entries[candidate]) return candidate;
      if (!dir) return null;
      const up = dir.lastIndexOf('/node_modules/');
      dir = up === -1 ? '' : dir.slice(0, up);
    }
  };
  const visit = (from, dependencies, requiredBy, optional) => {
    for (const name of Object.keys(dependencies ?? {})) {
      let at = resolve(from, name);
      if (!at) {
        if (optional.has(name)) continue; // an optional dependency for another platform, not installed
        throw new Error(`${name} (needed by ${requiredBy}) is not in package-lock.json: run npm install`);
      }
      let entry = entries[at];
      // a workspace package is a link to its folder
      if (entry.link) {
        at = entry.resolved;
        entry = entries[at];
      }
      if (found.has(at)) continue;
      const name_ = entry.name ?? at.slice(at.lastIndexOf('node_modules/') + 'node_modules/'.length);
      const licence = entry.license ?? declaredLicence(readManifest(at) ?? {}) ?? null;
      found.set(at, { name: name_, version: entry.version, licence, path: at, requiredBy });
      visit(
        at,
        { ...entry.dependencies, ...entry.optionalDependencies, ...requiredPeers(entry) },
        `${name_}@${entry.version}`,
        new Set(Object.keys(entry.optionalDependencies ?? {})),
      );
    }
  };
  for (const workspace of workspaces) {
    const entry = entries[workspace];
    if (!entry) throw new Error(`${workspace} is not a workspace of package-lock.json`);
    visit(
      workspace,
      { ...entry.dependencies, ...entry.optionalDependencies },
      workspace,
      new Set(Object.keys(entry.optionalDependencies ?? {})),
    );
  }
  return [...found.values()];
}

/** peers a package cannot run without (optional ones are the host's choice) */
function requiredPeers(entry) {
  const optional = entry.peerDependenciesMeta ?? {};
  return Object.fromEntries(
    Object.entries(entry.peerDependencies ?? {}).filter(([name]) => !optional[name]?.optional),
  );
}

/** The packages whose licence is not allowed (workspace packages of ours are skipped). */
export function findDisallowed(packages, allowed = ALLOWED_LICENCES) {
  return packages.filter(
    (pkg) => pkg.path.includes('node_modules/') && !isAllowedExpression(pkg.licence, allowed),
  );
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const readManifest = (at) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(root, at, 'package.json'), 'utf8'));
    } catch {
      return null;
    }
  };
  const packages = collectRuntimePackages(lock, SHIPPED_WORKSPACES, readManifest);
  const disallowed = findDisallowed(packages);
  if (process.argv.includes('--list')) {
    const counts = new Map();
    for (const pkg of packages) counts.set(pkg.licence, (counts.get(pkg.licence) ?? 0) + 1);
    console.log(
      [...counts]
        .sort((a, b) => b[1] - a[1])
        .map(([l, n]) => `${n}\t${l}`)
        .join('\n'),
    );
  }
  if (disallowed.length > 0) {
    for (const pkg of disallowed) {
      console.error(
        `✗ ${pkg.name}@${pkg.version}: licence ${pkg.licence ?? '(none declared)'} is not on the allow-list (needed by ${pkg.requiredBy})`,
      );
    }
    console.error(
      '  Every runtime dependency must carry an OSI-approved licence (scripts/check-licences.mjs, docs/architecture.md).',
    );
    process.exit(1);
  }
  console.log(`✓ ${packages.length} runtime packages, every one under an allowed licence`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
