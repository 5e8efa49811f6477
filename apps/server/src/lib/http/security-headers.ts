/**
 * The security headers of every answer (Content-Security-Policy, nosniff, HSTS, frame options…), in
 * one place, computed once at start-up by helmet itself from `helmetOptions`. Every routed request
 * gets them in its first hook (`registerSecurityHeaders`); the answers written outside Fastify's
 * request cycle (a URL the router cannot read, a request line or headers too long, a method Node does
 * not know, the admission gate's 503: framework-errors.ts, admission.ts) get the same object.
 *
 * Not Fastify's helmet plugin: it ran helmet on every request, parsing the same CSP directives and
 * building the same twelve headers each time, about 3 % of a user details call in a profile under load.
 * The options never depend on the request, so neither do the headers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const helmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // MUI (emotion) injects its styles at run time
      styleSrc: ["'self'", "'unsafe-inline'"],
      // map tiles come from a configurable host; photos come from our own signed URLs
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
} satisfies HelmetOptions;

/** What helmet sets on a response, by lower-case name: it only ever calls these two methods. */
function computeSecurityHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return Object.freeze(headers);
}

export const securityHeaders = computeSecurityHeaders();
const securityHeaderEntries = Object.entries(securityHeaders);

/**
 * Sets the headers on the raw response before anything else runs, as the plugin did: an error,
 * a 404, a hijacked reply (the panel's files, a video by range) all carry them.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of securityHeaderEntries) reply.raw.setHeader(name, value);
    done();
  });
}
