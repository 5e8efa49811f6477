/**
 * How many connections the HTTP server may hold at once (decision 051): fewer than the process may
 * open files. Every connection is a file descriptor, and so is everything else the process opens; a
 * process that runs out of them fails to accept (EMFILE) and to open its own files and sockets, so
 * that nobody, not even an SOS, gets through. Node's `server.maxConnections` refuses connections past
 * the number chosen here, which leaves the rest of the descriptors to the process.
 */
import fs from 'node:fs';

/**
 * ours: where the limit cannot be read (not Linux), the usual soft limit of a login shell; a deployment
 * on such a system sets HTTP_MAX_CONNECTIONS itself
 */
export const FALLBACK_OPEN_FILES = 1024;

/**
 * ours: the descriptors kept for what is not a client connection: the PostgreSQL pool (10) and
 * pg-boss (2), Redis, SMTP (up to 3), the bucket's sockets (the AWS SDK's up to 50), PGlite's files,
 * files being uploaded or downloaded (one each while it streams), the logs, the admin socket and its
 * clients, the event loop's own. A thousand covers them with room; a tenth of a larger limit, since a
 * server allowed more connections also streams more files.
 */
const RESERVE_AT_LEAST = 1_000;
const RESERVE_SHARE = 0.1;

/** the soft "Max open files" of /proc/<pid>/limits, or null when it is not a number */
export function parseOpenFilesLimit(limitsText: string): number | null {
  const line = limitsText.split('\n').find((row) => row.startsWith('Max open files'));
  const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
  return soft && /^\d+$/.test(soft) ? Number(soft) : null;
}

/**
 * This process's soft RLIMIT_NOFILE, what `ulimit -n` says (Node raises its soft limit to the hard one
 * as it starts, so this is read, not assumed); null where it cannot be read.
 */
export function readOpenFilesLimit(): number | null {
  try {
    return parseOpenFilesLimit(fs.readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    return null;
  }
}

/** the default HTTP_MAX_CONNECTIONS: the limit less the reserve, but at least half of it */
export function maxConnectionsWithin(openFilesLimit: number | null): number {
  const limit = openFilesLimit ?? FALLBACK_OPEN_FILES;
  const reserve = Math.max(RESERVE_AT_LEAST, Math.ceil(limit * RESERVE_SHARE));
  return Math.max(Math.floor(limit / 2), limit - reserve);
}
