/**
 * Admission control for /api (decision 004): at most `concurrency` requests run at once; the next
 * ones wait in a bounded queue, each for at most `maxWaitMs`. A full queue or a wait too long answers
 * 503 SERVER_BUSY with `Retry-After`, so that overload shows as quick, honest refusals instead of a
 * queue that grows until every request times out.
 *
 * The gate sits in front of Fastify, on the Node HTTP server itself (app.ts, `serverFactory`), and
 * writes its refusal as a few precomputed bytes. Refused clients retry at once, so under overload
 * there are as many refusals each turn of the event loop as there are clients waiting: when each one
 * went through Fastify (request and reply objects, hooks, helmet, the error handler, serialization),
 * refusals took the CPU that the admitted requests needed, and at 300 connections the answers served
 * fell from about 980/s to 512/s (issue 12, bench/RESULTS.md). Refusals are counted and logged once a
 * minute rather than one line each.
 *
 * A slot is held until the response's `close` event, which Node emits once per response whether it
 * was sent or the client went away first. A request whose client leaves while it waits is dropped from
 * the queue and never runs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorMessages } from '@escudo/contract';

export interface AdmissionOptions {
  concurrency: number;
  maxQueued: number;
  maxWaitMs: number;
  /** told how many requests were refused, at most once a minute while there are refusals */
  onRefusals?: (count: number) => void;
  /** told of each refusal as it happens (the metrics count them) */
  onRefuse?: () => void;
}

export type AdmissionGate = (request: IncomingMessage, response: ServerResponse, run: () => void) => void;

const REFUSAL_LOG_EVERY_MS = 60_000;

export function createAdmissionGate(options: AdmissionOptions): AdmissionGate {
  const body = Buffer.from(JSON.stringify({ code: 'SERVER_BUSY', message: errorMessages.SERVER_BUSY }));
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(body.length),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // about when a place in the queue frees up: the longest a request may wait in it
    'retry-after': String(Math.max(1, Math.ceil(options.maxWaitMs / 1000))),
  };
  let running = 0;
  /** admits the request waiting longest, handing it the slot being released */
  const waiting: Array<() => void> = [];
  let refused = 0;
  let refusalLog: NodeJS.Timeout | null = null;

  function refuse(response: ServerResponse) {
    refused += 1;
    options.onRefuse?.();
    refusalLog ??= setTimeout(() => {
      refusalLog = null;
      options.onRefusals?.(refused);
      refused = 0;
    }, REFUSAL_LOG_EVERY_MS).unref();
    if (response.headersSent || response.destroyed) return;
    response.writeHead(503, headers);
    response.end(body);
  }

  function release() {
    const admitNext = waiting.shift();
    if (admitNext) admitNext();
    else running -= 1;
  }

  return (request, response, run) => {
    if (!request.url?.startsWith('/api/')) return run();
    if (running < options.concurrency) {
      running += 1;
      response.once('close', release);
      return run();
    }
    if (waiting.length >= options.maxQueued) return refuse(response);
    const leave = () => {
      const index = waiting.indexOf(admit);
      if (index >= 0) waiting.splice(index, 1);
      clearTimeout(timer);
      response.off('close', leave);
    };
    const admit = () => {
      leave();
      response.once('close', release);
      run();
    };
    const timer = setTimeout(() => {
      leave();
      refuse(response);
    }, options.maxWaitMs);
    waiting.push(admit);
    // nobody reads the answer any more: drop it from the queue without running it
    response.once('close', leave);
  };
}
