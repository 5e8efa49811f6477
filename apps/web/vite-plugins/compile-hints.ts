/**
 * Starts the chunks that a page's first load runs nearly all of with V8's explicit compile hint,
 * `//# allFunctionsCalledOnLoad` (Chrome 136 and later; other browsers read a comment). Without it V8
 * compiles a function on the main thread the first time it is called, one after another while the
 * entry script and the first render run; with it, every function of the file is compiled as the file
 * streams in, on a background thread. In Lighthouse traces of the panel that took most of the main
 * thread's compiling off it, and the blocking time of the pages with it (decision 049).
 *
 * Only for chunks whose code runs almost whole on load: compiling what never runs costs memory and
 * background time. Written on the files once built (a chunk's code may still change until then), with
 * the source map moved down the one line; before the precompress plugin's `closeBundle` compresses them.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

export function compileHints(chunkNames: string[]): Plugin {
  const names = new Set(chunkNames);
  return {
    name: 'escudo:compile-hints',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      // Vite writes a build to one folder, `build.outDir`, which it gives here as `dir`
      if (!dir) this.error('compile hints: the build has no output folder');
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk' && names.has(file.name));
      // a chunk renamed in vite.config.ts's groups would otherwise lose its hint without a word
      const missing = [...names].filter((name) => !chunks.some((chunk) => chunk.name === name));
      if (missing.length > 0) this.error(`compile hints: no chunk named ${missing.join(', ')} in the build`);
      await Promise.all(chunks.map((chunk) => addHint(path.join(dir, chunk.fileName))));
    },
  };
}

/** puts the hint first in a built file, and one more line at the start of its source map, if it has one */
async function addHint(file: string): Promise<void> {
  const code = await fs.readFile(file, 'utf8');
  if (code.startsWith(COMPILE_HINT)) return;
  await fs.writeFile(file, COMPILE_HINT + code);
  const mapFile = `${file}.map`;
  const map = await fs.readFile(mapFile, 'utf8').catch(() => null);
  if (map === null) return;
  const parsed = JSON.parse(map) as { mappings: string };
  // a ';' in the mappings is a new line of the generated file: the hint's, with nothing mapped
  parsed.mappings = `;${parsed.mappings}`;
  await fs.writeFile(mapFile, JSON.stringify(parsed));
}
