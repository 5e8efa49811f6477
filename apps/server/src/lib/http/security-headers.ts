/**
 * The security headers of every answer (Content-Security-Policy, nosniff, HSTS, frame options…), in
 * one place. Fastify's helmet plugin sets them on every routed request (app.ts); the answers written
 * outside Fastify's request cycle (a URL the router cannot read, a request line or headers too long, a
 * method Node does not know, the admission gate's 503: framework-errors.ts, admission.ts) get the same
 * headers from `securityHeaders`, computed once from the same options by helmet itself.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
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
