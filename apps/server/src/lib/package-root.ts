/**
 * The server package's folder (apps/server), found from a module's own URL. The same code runs from
 * its sources (apps/server/src/lib/db/client.ts) and bundled (apps/server/dist/main.js, decision 027),
 * so a path written relative to one file (`../../../drizzle`) is wrong in the other; the folder that
 * holds the nearest package.json is apps/server in both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function findPackageRoot(moduleUrl: string): string {
  const start = path.dirname(fileURLToPath(moduleUrl));
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}
