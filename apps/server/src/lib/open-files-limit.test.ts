/**
 * The default cap on all connections stays below what the process may open (decision 051), read from
 * the process itself.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  FALLBACK_OPEN_FILES,
  maxConnectionsWithin,
  parseOpenFilesLimit,
  readOpenFilesLimit,
} from './open-files-limit.ts';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            4096                 524288               files
Max locked memory         8388608              8388608              bytes
`;

describe('the file descriptor limit', () => {
  it("reads the soft limit of /proc/self/limits' Max open files", () => {
    expect(parseOpenFilesLimit(LIMITS)).toBe(4096);
    expect(parseOpenFilesLimit(LIMITS.replace('4096 ', 'unlimited'))).toBeNull();
    expect(parseOpenFilesLimit('')).toBeNull();
  });

  it.runIf(process.platform === 'linux')("is this process's own, what a shell it starts says", () => {
    // a child inherits the soft limit Node runs with (Node raises it to the hard one as it starts)
    const shell = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
    expect(readOpenFilesLimit()).toBe(shell);
  });

  it('keeps a reserve for everything else the process opens', () => {
    expect(maxConnectionsWithin(20_000)).toBe(18_000);
    expect(maxConnectionsWithin(1_048_576)).toBe(943_718);
    // a small limit keeps half for the rest rather than leaving no connections
    expect(maxConnectionsWithin(1024)).toBe(512);
    expect(maxConnectionsWithin(null)).toBe(maxConnectionsWithin(FALLBACK_OPEN_FILES));
  });
});
