/**
 * Admission control for /api: at most `concurrency` requests run at once; the next ones wait in a
 * bounded queue, each for at most `maxWaitMs`. A full queue or a wait too long answers 503
 * SERVER_BUSY at once, so that overload shows as quick, honest refusals instead of a queue that
 * grows until every request times out (issue 2: "no unbounded queue at 50 connections").
 *
 * A slot is held until the response's `close` event, which Node emits once per response whether it
 * was sent or the client went away first. (Fastify's onResponse only runs for responses that were
 * sent: a client that disconnected mid-request used to keep its slot forever, and after a few load
 * tests ending with open connections every request waited, then got 503.) A request whose client
 * leaves while it waits is dropped from the queue and never runs.
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
  /** admits the request waiting longest, handing it the slot being released */
  const waiting: Array<() => void> = [];

  function release() {
    const admitNext = waiting.shift();
    if (admitNext) admitNext();
    else running -= 1;
  }

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const response = reply.raw;
    if (running < options.concurrency) {
      running += 1;
      response.once('close', release);
      return;
    }
    if (waiting.length >= options.maxQueued) throw new AppError('SERVER_BUSY');
    await new Promise<void>((resolve, reject) => {
      const leave = () => {
        const index = waiting.indexOf(admit);
        if (index >= 0) waiting.splice(index, 1);
        clearTimeout(timer);
        response.off('close', onClientGone);
      };
      const admit = () => {
        leave();
        response.once('close', release);
        resolve();
      };
      const refuse = () => {
        leave();
        reject(new AppError('SERVER_BUSY'));
      };
      // nobody reads the answer any more; the refusal just ends the request without running it
      const onClientGone = refuse;
      const timer = setTimeout(refuse, options.maxWaitMs);
      waiting.push(admit);
      response.once('close', onClientGone);
    });
  });
}
