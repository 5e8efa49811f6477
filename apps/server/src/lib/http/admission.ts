/**
 * Admission control for /api (decisions 004 and 031): at most `concurrency` requests are worked on at
 * once; the next ones wait in a bounded queue, each for at most `maxWaitMs`. A full queue or a wait
 * too long answers 503 SERVER_BUSY with `Retry-After`, so that overload shows as quick, honest
 * refusals instead of a queue that grows until every request times out.
 *
 * The first admission sits in front of Fastify, on the Node HTTP server itself (app.ts,
 * `serverFactory`), and writes its refusal as a few precomputed bytes. Refused clients retry at
 * once, so under overload there are as many refusals each turn of the event loop as there are
 * clients waiting: when each one went through Fastify (request and reply objects, hooks, helmet, the
 * error handler, serialization), refusals took the CPU that the admitted requests needed, and at 300
 * connections the answers served fell from about 980/s to 512/s (decision 004's addenda; bench/RESULTS.md,
 * "Overload"). Refusals are counted and logged once a minute rather than one line each.
 *
 * A place is held only while the request is worked on (decision 031). Node hands us a request once
 * its headers are in, so headers that trickle in hold nothing. Then, through Fastify's hooks
 * (`registerAdmissionHooks`):
 * - a body still arriving when Fastify starts to read it gives its place back (authentication, which
 *   runs before the body is read, was done inside it) and takes one again, ahead of new requests, once
 *   the body is in: slow or stalled bodies hold nothing, and lose nothing to newer requests;
 * - a video upload (multipart, read by its handler as it arrives) leaves the queue's place for one of
 *   the upload places instead, bounded in all and per address (`maxUploads`, `maxUploadsPerAddress`),
 *   so that slow uploads cannot starve a sign-in or an SOS;
 * - the place goes back as soon as the handler's answer is handed over (`onSend`), not when a slow
 *   reader has drained it: a streamed download holds nothing while the client reads.
 * The response's `close` (emitted once per response, sent or abandoned) gives back whatever is still
 * held and drops a request still waiting.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorMessages } from '@escudo/contract';
import { AppError } from '../app-error.ts';
import { securityHeaders } from './security-headers.ts';
import { addressKeyOf } from './address-key.ts';

export interface AdmissionOptions {
  concurrency: number;
  maxQueued: number;
  maxWaitMs: number;
  /** multipart uploads being received at once, in all and from one client address */
  maxUploads: number;
  maxUploadsPerAddress: number;
  /** told how many requests were refused, at most once a minute while there are refusals */
  onRefusals?: (count: number) => void;
  /** told of each refusal as it happens (the metrics count them) */
  onRefuse?: () => void;
}

export interface AdmissionGate {
  /** on the Node HTTP server, before Fastify: runs the request once admitted, or refuses it */
  admit(request: IncomingMessage, response: ServerResponse, run: () => void): void;
  /** what `registerAdmissionHooks` works with */
  internals: GateInternals;
}

/** a request's standing with the gate, from its admission to its response's close */
interface Ticket {
  response: ServerResponse;
  /** holds one of the `concurrency` places */
  isHolding: boolean;
  /** gave its place back while its body arrives, to take one again once it is in */
  isAwaitingBody: boolean;
  /** the address holding an upload place, if it does */
  uploadFrom: string | null;
  isClosed: boolean;
}

const REFUSAL_LOG_EVERY_MS = 60_000;

/**
 * A request's ticket is a property of the request itself, not a WeakMap's value. V8's young-generation
 * collector treats every value of a WeakMap as reachable (only a full collection weighs a value
 * against its key), and a ticket leads back to its request through its response: so each request,
 * with its headers, rows and answer, outlived two young collections and was copied to the old
 * generation, to be freed only by a full collection. That was most of user details' garbage-collection
 * time and of its p99 (bench/RESULTS.md, "user details' garbage was every request promoted";
 * bench/api/weakmap-promotion.mjs shows it alone).
 */
const TICKET = Symbol('admission ticket');
type AdmittedRequest = IncomingMessage & { [TICKET]?: Ticket };

function ticketOf(request: IncomingMessage): Ticket | undefined {
  return (request as AdmittedRequest)[TICKET];
}

export interface GateInternals {
  acquire(ticket: Ticket, onAdmit: () => void, onRefuse: () => void, isReturning: boolean): void;
  release(ticket: Ticket): void;
  takeUpload(ticket: Ticket, address: string): boolean;
  retryAfterS: number;
}

export function createAdmissionGate(options: AdmissionOptions): AdmissionGate {
  const retryAfterS = Math.max(1, Math.ceil(options.maxWaitMs / 1000));
  const body = Buffer.from(JSON.stringify({ code: 'SERVER_BUSY', message: errorMessages.SERVER_BUSY }));
  const headers = {
    // written before Fastify sees the request: its hooks set none of them (security-headers.ts)
    ...securityHeaders,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(body.length),
    'cache-control': 'no-store',
    // about when a place in the queue frees up: the longest a request may wait in it
    'retry-after': String(retryAfterS),
  };
  let running = 0;
  let uploads = 0;
  const uploadsByAddress = new Map<string, number>();
  /** admits the request waiting longest (or a returning one first), handing it the place being released */
  const waiting: Array<() => void> = [];
  let refused = 0;
  let refusalLog: NodeJS.Timeout | null = null;

  function countRefusal() {
    refused += 1;
    options.onRefuse?.();
    refusalLog ??= setTimeout(() => {
      refusalLog = null;
      options.onRefusals?.(refused);
      refused = 0;
    }, REFUSAL_LOG_EVERY_MS).unref();
  }

  function refuse(response: ServerResponse) {
    if (response.headersSent || response.destroyed) return;
    response.writeHead(503, headers);
    response.end(body);
  }

  function release(ticket: Ticket) {
    if (ticket.isHolding) {
      ticket.isHolding = false;
      const admitNext = waiting.shift();
      if (admitNext) admitNext();
      else running -= 1;
    }
    if (ticket.uploadFrom !== null) {
      const address = ticket.uploadFrom;
      ticket.uploadFrom = null;
      uploads -= 1;
      const left = (uploadsByAddress.get(address) ?? 1) - 1;
      if (left > 0) uploadsByAddress.set(address, left);
      else uploadsByAddress.delete(address);
    }
  }

  /**
   * Takes a place at once, or waits for one in the queue; `isReturning` is a request whose body has
   * arrived since it gave its place back: it waits ahead of requests not yet started. `onRefuse` is
   * also told when the client went away while waiting (then nobody reads the refusal).
   */
  function acquire(ticket: Ticket, onAdmit: () => void, onRefuse: () => void, isReturning: boolean) {
    if (ticket.isClosed) return onRefuse();
    if (running < options.concurrency) {
      running += 1;
      ticket.isHolding = true;
      return onAdmit();
    }
    if (waiting.length >= options.maxQueued) {
      countRefusal();
      return onRefuse();
    }
    const { response } = ticket;
    const leave = () => {
      const index = waiting.indexOf(admit);
      if (index >= 0) waiting.splice(index, 1);
      clearTimeout(timer);
      response.off('close', abandon);
    };
    // nobody reads the answer any more: dropped from the queue without running
    const abandon = () => {
      leave();
      onRefuse();
    };
    const admit = () => {
      leave();
      ticket.isHolding = true;
      onAdmit();
    };
    const timer = setTimeout(() => {
      leave();
      countRefusal();
      onRefuse();
    }, options.maxWaitMs);
    if (isReturning) waiting.unshift(admit);
    else waiting.push(admit);
    response.once('close', abandon);
  }

  function takeUpload(ticket: Ticket, address: string): boolean {
    const fromAddress = uploadsByAddress.get(address) ?? 0;
    if (uploads >= options.maxUploads || fromAddress >= options.maxUploadsPerAddress) {
      countRefusal();
      return false;
    }
    uploads += 1;
    uploadsByAddress.set(address, fromAddress + 1);
    ticket.uploadFrom = address;
    return true;
  }

  return {
    admit(request, response, run) {
      if (!request.url?.startsWith('/api/')) return run();
      const ticket: Ticket = {
        response,
        isHolding: false,
        isAwaitingBody: false,
        uploadFrom: null,
        isClosed: false,
      };
      (request as AdmittedRequest)[TICKET] = ticket;
      response.once('close', () => {
        ticket.isClosed = true;
        release(ticket);
      });
      acquire(ticket, run, () => refuse(response), false);
    },
    internals: { acquire, release, takeUpload, retryAfterS },
  };
}

/** a body that has not all arrived yet: what Fastify is about to read may trickle in */
function isBodyStillArriving(request: FastifyRequest): boolean {
  const { headers } = request.raw;
  const hasBody = Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
  return hasBody && !request.raw.complete;
}

function isMultipart(request: FastifyRequest): boolean {
  return /^multipart\//i.test(request.headers['content-type'] ?? '');
}

/**
 * The gate's part inside Fastify (decision 031): gives a request's place back while its body
 * arrives, moves uploads to their own places, and gives places back once the answer is handed over.
 */
export function registerAdmissionHooks(app: FastifyInstance, gate: AdmissionGate): void {
  const { acquire, release, takeUpload, retryAfterS } = gate.internals;
  const busy = () => new AppError('SERVER_BUSY', undefined, undefined, { retryAfterS });

  // callback hooks, not async ones: they run on every request, and most of the time they have
  // nothing to wait for (a promise each was a measurable part of a call's cost under load)
  app.addHook('preParsing', (request, reply, payload, done) => {
    const ticket = ticketOf(request.raw);
    if (!ticket) return done(null, payload);
    if (isMultipart(request)) {
      // an upload is worked on while it arrives: an upload place instead of the queue's
      release(ticket);
      if (!takeUpload(ticket, addressKeyOf(request.ip))) {
        // the rest of a large upload is not read
        void reply.header('connection', 'close');
        return done(busy());
      }
      return done(null, payload);
    }
    if (isBodyStillArriving(request)) {
      release(ticket);
      ticket.isAwaitingBody = true;
    }
    done(null, payload);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const ticket = ticketOf(request.raw);
    if (!ticket?.isAwaitingBody) return done();
    ticket.isAwaitingBody = false;
    acquire(
      ticket,
      () => done(),
      () => done(busy()),
      true,
    );
  });

  app.addHook('onSend', (request, _reply, payload, done) => {
    const ticket = ticketOf(request.raw);
    if (ticket) release(ticket);
    done(null, payload);
  });
}
