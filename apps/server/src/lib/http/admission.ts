/**
 * Admission control for /api: at most `concurrency` requests run at once; the next ones wait in a
 * bounded queue, each for at most `maxWaitMs`. A full queue or a wait too long answers 503
 * SERVER_BUSY at once, so that overload shows as quick, honest refusals instead of a queue that
 * grows until every request times out (issue 2: "no unbounded queue at 50 connections").
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../app-error.ts';

export interface AdmissionOptions {
  concurrency: number;
  maxQueued: number;
  maxWaitMs: number;
}

export function registerAdmissionControl(app: FastifyInstance, options: AdmissionOptions): void {
  let running = 0;
  const waiting: Array<{ admit: () => void; timer: NodeJS.Timeout }> = [];
  const admitted = new WeakSet<object>();

  function release() {
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.admit();
    } else {
      running -= 1;
    }
  }

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (running < options.concurrency) {
      running += 1;
      admitted.add(request);
      return;
    }
    if (waiting.length >= options.maxQueued) throw new AppError('SERVER_BUSY');
    await new Promise<void>((resolve, reject) => {
      const entry = {
        admit: () => {
          admitted.add(request);
          resolve();
        },
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          reject(new AppError('SERVER_BUSY'));
        }, options.maxWaitMs),
      };
      waiting.push(entry);
    });
  });

  // onResponse runs once per request however it ended; a closed connection also ends here
  app.addHook('onResponse', async (request) => {
    if (admitted.has(request)) {
      admitted.delete(request);
      release();
    }
  });
}
