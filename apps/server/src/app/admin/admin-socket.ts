/**
 * How `npm run admin` reaches a running server: a Unix socket in DATA_DIR that only this machine's
 * user can open (mode 0600), one JSON line each way. The embedded database cannot be opened by two
 * processes, so while a server runs, the command runs inside it; when none runs, the CLI opens the
 * database itself and holds the socket meanwhile (admin-cli.ts). Whoever holds the socket owns the
 * data folder: a second server, or a CLI, finding it answered, does not open the database.
 */
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { AppContext } from '../../lib/context.ts';
import { describeErrorSafely } from '../../lib/log/redact.ts';
import { AdminUsageError, runAdminCommand } from './admin-commands.ts';

/** a command line is a few hundred bytes; anything far larger is not one */
const MAX_REQUEST_BYTES = 64 * 1024;
/** Linux's limit on a socket's path (sun_path, 108 bytes with its terminating NUL) */
const MAX_SOCKET_PATH_BYTES = 107;

export interface AdminAnswer {
  ok: boolean;
  lines: string[];
}

export function adminSocketPath(dataDir: string): string {
  const socketPath = path.join(path.resolve(dataDir), 'admin.sock');
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES)
    throw new Error(`DATA_DIR is too long for the admin socket (${socketPath}): use a shorter path`);
  return socketPath;
}

/** Sends a command line to the process holding the socket; null when none is listening there. */
export function askAdminSocket(socketPath: string, argv: string[]): Promise<AdminAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let received = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.end(`${JSON.stringify({ argv })}\n`));
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(received) as AdminAnswer);
      } catch {
        reject(new Error('the server gave an unreadable answer to the admin command'));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // no socket, or one left behind by a process that died: nobody holds the data folder
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}

/** Whether a live process (a server, or a CLI running a command itself) holds the socket. */
export async function isAdminSocketHeld(socketPath: string): Promise<boolean> {
  return Boolean(await askAdminSocket(socketPath, []).catch(() => ({ ok: false, lines: [] })));
}

async function answer(ctx: AppContext, request: string): Promise<AdminAnswer> {
  let argv: unknown;
  try {
    argv = (JSON.parse(request) as { argv?: unknown }).argv;
  } catch {
    argv = null;
  }
  if (!Array.isArray(argv) || !argv.every((word) => typeof word === 'string'))
    return { ok: false, lines: ['Petición inválida.'] };
  // an empty command line asks only whether someone holds the socket (isAdminSocketHeld)
  if (argv.length === 0) return { ok: true, lines: [] };
  try {
    return { ok: true, lines: await runAdminCommand(ctx, argv) };
  } catch (error) {
    if (error instanceof AdminUsageError) return { ok: false, lines: [error.message] };
    ctx.log.error({ err: describeErrorSafely(error) }, 'admin command failed');
    return { ok: false, lines: ['Error interno al ejecutar el comando: revisa el log del servidor.'] };
  }
}

/**
 * Listens on the admin socket. Refuses when another live process holds it (two servers, or a server
 * and a CLI, on one data folder would corrupt the embedded database); takes over a stale one.
 */
export async function listenAdminSocket(
  ctx: AppContext,
  socketPath: string,
): Promise<{ close(): Promise<void> }> {
  if (await isAdminSocketHeld(socketPath))
    throw new Error(`another process is using ${path.dirname(socketPath)} (its admin socket answers)`);
  await fs.rm(socketPath, { force: true });
  // the client ends its side after the request; ours stays open for the answer
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    let request = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      request += chunk;
      if (request.length > MAX_REQUEST_BYTES) socket.destroy();
      else if (request.includes('\n'))
        void answer(ctx, request.slice(0, request.indexOf('\n'))).then((reply) =>
          socket.end(`${JSON.stringify(reply)}\n`),
        );
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // created with no permission for anyone but this user, before it can be connected to
    const umask = process.umask(0o177);
    try {
      server.listen(socketPath, () => resolve());
    } finally {
      process.umask(umask);
    }
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}
