/**
 * PGlite on a folder whose acknowledged commits survive a power cut (decision 009).
 *
 * PGlite 0.5 makes no such promise on Node: it starts PostgreSQL with `-F` (fsync off), and even
 * with fsync on nothing would reach the disk, because its Emscripten file system (NODEFS, which
 * writes straight through to the host files) has no fsync of its own: `fsync()` and `fdatasync()`
 * inside the WASM PostgreSQL return success without a host call (strace: 0 fsyncs for 277 commits).
 * Its `relaxedDurability` option only decides whether a query waits for `syncToFs()`, which NODEFS
 * leaves empty. So here:
 *
 * 1. PostgreSQL runs with fsync on and `wal_sync_method=fsync`: `fdatasync` (its Linux default)
 *    cannot be reached from JavaScript, `fsync` can;
 * 2. NODEFS gets the missing `fsync`: Node's `fsyncSync` on the host file behind the stream. From
 *    then on PostgreSQL's own rules apply: a commit is acknowledged after its WAL is on disk, and a
 *    checkpoint syncs the data files before the WAL they need is recycled;
 * 3. the folder is synced as a whole once at start-up, for what PostgreSQL never syncs itself: the
 *    files initdb creates (PGlite copies them in without a sync) and whatever an earlier run in
 *    relaxed mode left in the page cache.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** PGlite's own start-up flags, without `-F` (fsync off) and with a WAL flush we can reach */
export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

/** files synced at once at start-up; libuv runs 4 at a time, and each waits on the disk's flush */
const SYNC_CONCURRENCY = 16;

type EmscriptenOptions = Parameters<NodeFS['init']>[1];

/** the part of Emscripten's NODEFS we complete; not in PGlite's types, so checked at run time */
interface NodeFsInternals {
  stream_ops?: { fsync?: (stream: { nfd?: number }) => number };
  tryFSOperation?: <T>(operation: () => T) => T;
}

interface EmscriptenModule {
  NODEFS?: NodeFsInternals;
  FS: { ErrnoError: new (errno: number) => Error };
}

/** Emscripten's errno for a descriptor that is not open (PostgreSQL tolerates it on directories) */
const EBADF = 8;

class SyncingNodeFS extends NodeFS {
  override async init(pg: PGlite, options: EmscriptenOptions) {
    const result = await super.init(pg, options);
    // before PostgreSQL starts, so that crash recovery at start-up already syncs for real
    const preRun = [
      ...(result.emscriptenOpts.preRun ?? []),
      (mod: unknown) => addFsync(mod as EmscriptenModule),
    ];
    return { emscriptenOpts: { ...result.emscriptenOpts, preRun } as EmscriptenOptions };
  }
}

function addFsync(mod: EmscriptenModule): void {
  const nodefs = mod.NODEFS;
  // a PGlite upgrade that moves this must fail loudly, not quietly stop syncing
  if (!nodefs?.stream_ops || !nodefs.tryFSOperation)
    throw new Error('PGlite changed: its NODEFS cannot be given an fsync (lib/db/durable-pglite.ts)');
  const run = nodefs.tryFSOperation.bind(nodefs);
  nodefs.stream_ops.fsync = (stream) => {
    const { nfd } = stream;
    if (nfd === undefined) throw new mod.FS.ErrnoError(EBADF);
    // a failed fsync reaches PostgreSQL as an errno and fails the commit instead of acknowledging it
    run(() => fs.fsyncSync(nfd));
    return 0;
  };
}

/** Opens (or creates) the PGlite database in `dir`, with every acknowledged commit on disk. */
export async function openDurablePglite(dir: string): Promise<PGlite> {
  const existed = fs.existsSync(path.join(dir, 'PG_VERSION'));
  // an existing folder: before PostgreSQL reads it, so that recovery starts from what is on disk
  if (existed) await syncFolder(dir);
  const client = await PGlite.create({ fs: new SyncingNodeFS(dir), startParams: DURABLE_START_PARAMS });
  // a new folder: initdb's files, copied in by PGlite without a sync
  if (!existed) await syncFolder(dir);
  return client;
}

/** fsync of every file and folder under `dir`, and of `dir`'s entry in its parent */
async function syncFolder(dir: string): Promise<void> {
  const entries = await listTree(dir, []);
  entries.push({ file: path.dirname(dir), isFolder: true });
  let next = 0;
  const worker = async () => {
    while (next < entries.length) await syncEntry(entries[next++]!);
  };
  await Promise.all(Array.from({ length: SYNC_CONCURRENCY }, worker));
}

interface Entry {
  file: string;
  isFolder: boolean;
}

async function listTree(dir: string, into: Entry[]): Promise<Entry[]> {
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) await listTree(file, into);
    else if (entry.isFile()) into.push({ file, isFolder: false });
  }
  into.push({ file: dir, isFolder: true });
  return into;
}

async function syncEntry({ file, isFolder }: Entry): Promise<void> {
  let handle;
  try {
    handle = await fsp.open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // gone meanwhile: nothing left to sync
    if (code === 'ENOENT') return;
    // Windows cannot open a folder (its file system journals folder entries itself)
    if (isFolder && (code === 'EISDIR' || code === 'EPERM')) return;
    throw error;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
