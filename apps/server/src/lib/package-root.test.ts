/**
 * The migrations and the built panel are found from the package's folder, whether the code runs from
 * its sources or bundled in dist/ (decision 027); test/compiled-server.test.ts runs the bundle itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultWebDistDir } from '../features/web/web-app.ts';
import { migrationsFolder } from './db/client.ts';
import { findPackageRoot } from './package-root.ts';

const serverRoot = path.resolve(import.meta.dirname, '../..');
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('the package root', () => {
  it('is the nearest folder with a package.json, from a source file deep in src or a bundle in dist', () => {
    const pkg = fs.mkdtempSync(path.join(os.tmpdir(), 'escudo-package-root-'));
    folders.push(pkg);
    fs.writeFileSync(path.join(pkg, 'package.json'), '{}');
    fs.mkdirSync(path.join(pkg, 'src/lib/db'), { recursive: true });
    fs.mkdirSync(path.join(pkg, 'dist'));
    expect(findPackageRoot(pathToFileURL(path.join(pkg, 'src/lib/db/client.ts')).href)).toBe(pkg);
    expect(findPackageRoot(pathToFileURL(path.join(pkg, 'dist/main.js')).href)).toBe(pkg);
  });

  it('from the sources: the committed migrations and the panel beside the server', () => {
    expect(migrationsFolder).toBe(path.join(serverRoot, 'drizzle'));
    expect(fs.existsSync(path.join(migrationsFolder, 'meta/_journal.json'))).toBe(true);
    expect(defaultWebDistDir).toBe(path.resolve(serverRoot, '../web/dist'));
  });
});
