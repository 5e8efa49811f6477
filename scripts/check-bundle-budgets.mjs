#!/usr/bin/env node
/**
 * First-load budgets of the panel (decision 016): the compressed JavaScript a page needs before it
 * renders must stay under its budget, so the panel cannot grow back by accident. A byte count of the
 * build output, not a timing: the same build always gives the same answer.
 *
 * What a page loads first: the entry chunk of index.html and every chunk it imports statically, then
 * the chunks the router loads before the page renders, which the build lists by path in
 * apps/web/dist/.vite/route-preloads.json (apps/web/vite-plugins/route-preloads.ts, the list the
 * server also preloads) with their static imports, as Vite's manifest
 * (apps/web/dist/.vite/manifest.json) lists them. Each file counts once, at its
 * brotli size (quality 11, the `.br` copy the build writes and the server sends to every browser
 * that accepts brotli). `npm test` runs this after building the panel.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_DIR = path.join(root, 'apps/web/dist');

/**
 * The path of each page measured (a key of route-preloads.json, or none: Login is the entry alone)
 * and its budget in KB (1 KB = 1,000 bytes) of brotli-compressed JavaScript, where decisions 016 and
 * 017 set one.
 */
export const PAGES = {
  Login: { path: '/login', budgetKb: 120 },
  Register: { path: '/register' },
  // decision 016's 170 KB, held at 125 since Home and its shell are plain markup (decision 017)
  Home: { path: '/', budgetKb: 125 },
  // 165.1 KB while its plan cards' buttons were MUI's, 122.2 KB in plain markup (decision 017's addenda)
  Planes: { path: '/planes', budgetKb: 130 },
  // 170 KB at first (decision 017's addenda): 212.9 KB before its table, pagination and notices
  // became plain markup, 165.4 KB with MUI's buttons, 122.5 KB without MUI on its first load; held at 130
  Tracking: { path: '/tracking', budgetKb: 130 },
  // 164.2 KB with MUI's reload button, 121.3 KB in plain markup (decision 017's addenda)
  Información: { path: '/device-info', budgetKb: 130 },
};

function readBuildFile(distDir, name) {
  const file = path.join(distDir, '.vite', name);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the panel first (npm run build)`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function compressedSizes(distDir, file) {
  const absolute = path.join(distDir, file);
  const content = fs.readFileSync(absolute);
  const br = fs.existsSync(`${absolute}.br`)
    ? fs.statSync(`${absolute}.br`).size
    : zlib.brotliCompressSync(content, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
      }).length;
  const gzip = fs.existsSync(`${absolute}.gz`)
    ? fs.statSync(`${absolute}.gz`).size
    : zlib.gzipSync(content, { level: 9 }).length;
  return { raw: content.length, br, gzip };
}

/** The JavaScript files `page` loads before it renders, and their summed sizes in bytes. */
export function measureFirstLoad(page, distDir = DIST_DIR) {
  const manifest = readBuildFile(distDir, 'manifest.json');
  const routePreloads = readBuildFile(distDir, 'route-preloads.json');
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk');
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  const { path: pagePath } = PAGES[page];
  const preloaded = routePreloads[pagePath]?.scripts ?? [];
  if (pagePath !== '/login' && preloaded.length === 0) {
    throw new Error(
      `route-preloads.json lists nothing for ${pagePath}: update PAGES in ${path.basename(import.meta.url)}`,
    );
  }
  for (const url of preloaded) {
    const key = keyOfFile.get(url.replace(/^\//, ''));
    if (!key) throw new Error(`${url} (route-preloads.json) is not in the manifest`);
    visit(key);
  }
  const total = { raw: 0, br: 0, gzip: 0 };
  for (const file of files) {
    const sizes = compressedSizes(distDir, file);
    total.raw += sizes.raw;
    total.br += sizes.br;
    total.gzip += sizes.gzip;
  }
  return { files: [...files], ...total };
}

export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/**
 * A text only React Router's development build carries (its production build drops the warning):
 * found in the panel's JavaScript, the build bundled `dist/development` (apps/web/vite.config.ts).
 */
export const REACT_ROUTER_DEVELOPMENT_ONLY = 'You should not include both `Component` and `element`';

/** the built JavaScript files that hold React Router's development build */
export function filesWithReactRouterDevelopment(distDir = DIST_DIR) {
  const assets = path.join(distDir, 'assets');
  return fs
    .readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .filter((name) =>
      fs.readFileSync(path.join(assets, name), 'utf8').includes(REACT_ROUTER_DEVELOPMENT_ONLY),
    );
}

function main() {
  let failed = false;
  for (const [page, { budgetKb }] of Object.entries(PAGES)) {
    const { files, br, gzip, raw } = measureFirstLoad(page);
    const over = budgetKb !== undefined && br > budgetKb * 1000;
    failed ||= over;
    const verdict =
      budgetKb === undefined ? '' : over ? `  ✗ over its budget of ${budgetKb} KB` : `  ≤ ${budgetKb} KB`;
    console.log(
      `${over ? '✗' : '✓'} ${page}: ${kb(br)} brotli (${kb(gzip)} gzip, ${kb(raw)} minified) in ${files.length} files${verdict}`,
    );
  }
  const development = filesWithReactRouterDevelopment();
  if (development.length > 0) {
    console.error(
      `✗ React Router's development build is in ${development.join(', ')}: see apps/web/vite.config.ts`,
    );
    process.exit(1);
  }
  console.log("✓ React Router's production build");
  if (failed) {
    console.error(
      '\n  A page loads more JavaScript before it renders than its budget allows: load what it does not need at once lazily (docs/decisions/016).',
    );
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
