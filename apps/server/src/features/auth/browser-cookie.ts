/**
 * How a sign-in knows the browser it comes from (decision 036): a long-lived cookie
 * `escudo_browser` holding a random id, HttpOnly (no script of the page reads it), SameSite=Lax,
 * scoped to /api, that every sign-in sets when the browser has none. The account keeps only the id's
 * SHA-256 (known_browsers); a sign-in whose id the account has never seen is announced by e-mail.
 * The id proves nothing (anyone can clear cookies): it only decides when to tell the owner.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { clientOriginOf, type ClientOrigin } from '../../lib/http/client-origin.ts';
import { createToken } from '../../lib/crypto/tokens.ts';

export const BROWSER_COOKIE = 'escudo_browser';
/** ours: 400 days, the longest a cookie lives in Chrome; each sign-in from the browser renews it */
export const BROWSER_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
/** createToken's shape (base64url); anything else in the cookie is replaced by a new id */
const BROWSER_ID_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/** Where a sign-in comes from: its origin and the browser's id (always one: a new one if it had none). */
export interface SignInOrigin extends ClientOrigin {
  browserId: string;
}

function readBrowserId(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === BROWSER_COOKIE) {
      const id = value.join('=');
      return BROWSER_ID_PATTERN.test(id) ? id : null;
    }
  }
  return null;
}

/**
 * The origin of a sign-in request, with its browser's id: the cookie's, or a new one that the answer
 * sets. Each way in (password, Google, sign-up, the two-step finish) calls it in its route.
 */
export function signInOriginOf(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): SignInOrigin {
  const browserId = readBrowserId(request) ?? createToken();
  const attributes = [
    `${BROWSER_COOKIE}=${browserId}`,
    'Path=/api',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${BROWSER_COOKIE_MAX_AGE_S}`,
    ...(ctx.env.PUBLIC_URL.startsWith('https:') ? ['Secure'] : []),
  ];
  reply.header('set-cookie', attributes.join('; '));
  return { ...clientOriginOf(request), browserId };
}
