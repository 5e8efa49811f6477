/**
 * Where the server's log goes: standard output, through a plain Node write stream (asynchronous, as
 * pino's default is), with nothing run at the process's exit (decision 057).
 *
 * pino's default destination (sonic-boom) flushes synchronously when the process exits, and that flush
 * tries a failing write again every 100 ms for ever: a server whose output pipe was closed (a closed
 * terminal, a supervisor gone) and that had lines waiting at its exit never exited, its main thread
 * asleep in that loop. Here the first failed write ends the log instead (nobody is left to read it),
 * and the server waits for what is written before it exits (`flushLog`, bounded in time).
 */
import fs from 'node:fs';

/**
 * how long an exit waits for the log's last lines: a pipe that nobody reads never drains, and a stop
 * that ran out of its grace must still end within 10 s (main.ts, SHUTDOWN_EXIT_MARGIN_MS)
 */
export const LOG_FLUSH_TIMEOUT_MS = 300;

export type LogDestination = fs.WriteStream & { flush(callback: (error?: Error | null) => void): void };

export function createLogDestination(fd = 1): LogDestination {
  // the path is not used when fd is given; the descriptor is the process's, never closed here
  const stream = fs.createWriteStream('', { fd, autoClose: false, emitClose: false });
  const destination = Object.assign(stream, {
    // what pino's logger.flush() calls: writes are kept in order, so the callback of an empty write
    // runs once every line before it has been written (or has failed)
    flush(callback: (error?: Error | null) => void) {
      stream.write('', callback);
    },
  });
  stream.on('error', () => {
    // EPIPE, EIO (the terminal gone), EBADF: whatever comes next would fail the same way
    stream.write = (_chunk: unknown, ...rest: unknown[]) => {
      const callback = rest.find((argument) => typeof argument === 'function') as (() => void) | undefined;
      if (callback) process.nextTick(callback);
      return true;
    };
  });
  return destination;
}

/**
 * resolves once the log has written what it holds, or after LOG_FLUSH_TIMEOUT_MS; the logger is pino's
 * (Fastify's type for it does not name `flush`)
 */
export function flushLog(log: object): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, LOG_FLUSH_TIMEOUT_MS).unref();
    if ('flush' in log && typeof log.flush === 'function') log.flush(() => resolve());
    else resolve();
  });
}
