import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Plugin } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { COMPILE_HINT, compileHints } from './compile-hints.ts';

describe('compileHints', () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'escudo-compile-hints-'));
    await fs.mkdir(path.join(root, 'dist/assets'), { recursive: true });
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  /** runs the plugin's hooks as Vite does after writing a bundle of these chunks */
  async function build(chunks: { name: string; fileName: string; code: string; map?: object }[]) {
    for (const chunk of chunks) {
      await fs.writeFile(path.join(root, 'dist', chunk.fileName), chunk.code);
      if (chunk.map)
        await fs.writeFile(path.join(root, 'dist', `${chunk.fileName}.map`), JSON.stringify(chunk.map));
    }
    await writeBundle(compileHints(['index', 'signed-in']), chunks);
  }
  /** the plugin's hooks as Vite calls them; `this.error` throws, as Vite's does */
  async function writeBundle(plugin: Plugin, chunks: { name: string; fileName: string }[]) {
    const bundle = Object.fromEntries(chunks.map((chunk) => [chunk.fileName, { type: 'chunk', ...chunk }]));
    const context = {
      error: (message: string) => {
        throw new Error(message);
      },
    };
    await (plugin.writeBundle as (this: unknown, options: unknown, bundle: unknown) => Promise<void>).call(
      context,
      { dir: path.join(root, 'dist') },
      bundle,
    );
  }
  const read = (fileName: string) => fs.readFile(path.join(root, 'dist', fileName), 'utf8');

  it('starts the named chunks with the hint, and leaves the others alone', async () => {
    await build([
      { name: 'index', fileName: 'assets/index-a1.js', code: 'import "./b.js";\nfunction f(){}\n' },
      { name: 'signed-in', fileName: 'assets/signed-in-b2.js', code: 'export const a = 1;\n' },
      { name: 'planes-page', fileName: 'assets/planes-page-c3.js', code: 'export const b = 2;\n' },
    ]);
    expect(await read('assets/index-a1.js')).toBe(`${COMPILE_HINT}import "./b.js";\nfunction f(){}\n`);
    expect((await read('assets/signed-in-b2.js')).startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
    expect(await read('assets/planes-page-c3.js')).toBe('export const b = 2;\n');
  });

  it('moves the source map down the added line, so that it still points at the sources', async () => {
    // line 2 of the generated file ("  b();") maps to line 7 of src/app.ts, column 2
    const map = { version: 3, sources: ['src/app.ts'], names: [], mappings: ';EAMA' };
    await build([
      { name: 'index', fileName: 'assets/index-a1.js', code: 'a();\n  b();\n', map },
      { name: 'signed-in', fileName: 'assets/signed-in-b2.js', code: 'c();\n' },
    ]);
    const moved = new TraceMap(await read('assets/index-a1.js.map'));
    // now line 3
    expect(originalPositionFor(moved, { line: 3, column: 2 })).toMatchObject({
      source: 'src/app.ts',
      line: 7,
    });
    expect(originalPositionFor(moved, { line: 2, column: 2 }).source).toBeNull();
  });

  it('adds the hint once, however often the files are written', async () => {
    const chunk = { name: 'index', fileName: 'assets/index-a1.js', code: 'x();\n' };
    await build([chunk, { name: 'signed-in', fileName: 'assets/signed-in-b2.js', code: 'y();\n' }]);
    await writeBundle(compileHints(['index']), [chunk]);
    expect(await read('assets/index-a1.js')).toBe(`${COMPILE_HINT}x();\n`);
  });

  it('fails the build when a chunk it names is not in it', async () => {
    await expect(build([{ name: 'index', fileName: 'assets/index-a1.js', code: 'x();\n' }])).rejects.toThrow(
      'compile hints: no chunk named signed-in in the build',
    );
    // and changes nothing
    expect(await read('assets/index-a1.js')).toBe('x();\n');
  });
});
