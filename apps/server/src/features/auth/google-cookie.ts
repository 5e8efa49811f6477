/**
 * Where Google sign-in keeps its state, nonce and PKCE verifier between the start and the callback
 * (decision 014): a cookie of its own, HMAC-signed, HttpOnly, SameSite=Lax, scoped to the sign-in
 * paths and valid 10 minutes. Nothing is kept in a process's memory, so any server process can answer
 * the callback, and the cookie binds the callback to the browser that started the sign-in: a callback
 * URL sent to someone else (login CSRF) finds no cookie there and is refused. The codes of the sign-up
 * link the person started from ride in it too, so the account the callback may make gets them.
 */
import { routes } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { noSignUpCodes, type SignUpCodes } from './sign-up.ts';

export const SIGN_IN_COOKIE = 'escudo_google_sign_in';
/** ours: time to get through the provider's screens (Google's own sessions last longer) */
export const SIGN_IN_COOKIE_TTL_MS = 10 * 60 * 1000;

export interface SignInCookie {
  state: string;
  nonce: string;
  verifier: string;
  /** the link's codes (invitation, referral, sponsor), well-formed but not yet checked */
  codes: SignUpCodes;
  /** epoch ms after which the cookie is refused even if the browser kept it */
  expires: number;
}

const attributes = (ctx: AppContext, maxAgeS: number) =>
  [
    `Path=${routes.googleSignInStart.path}`,
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAgeS}`,
    ...(ctx.env.PUBLIC_URL.startsWith('https:') ? ['Secure'] : []),
  ].join('; ');

/** The Set-Cookie value that starts a sign-in. */
export function signInCookieHeader(ctx: AppContext, values: Omit<SignInCookie, 'expires'>): string {
  // only what the callback needs (not, say, the provider's URL the start also has at hand)
  const { state, nonce, verifier, codes } = values;
  const payload: SignInCookie = {
    state,
    nonce,
    verifier,
    codes,
    expires: ctx.now().getTime() + SIGN_IN_COOKIE_TTL_MS,
  };
  const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const value = `${data}.${ctx.signInCookieSigner.sign(data)}`;
  return `${SIGN_IN_COOKIE}=${value}; ${attributes(ctx, SIGN_IN_COOKIE_TTL_MS / 1000)}`;
}

/** The Set-Cookie value that forgets it: a state works for one callback only. */
export function clearSignInCookieHeader(ctx: AppContext): string {
  return `${SIGN_IN_COOKIE}=; ${attributes(ctx, 0)}`;
}

/** The sign-in cookie of a request's Cookie header, if it is ours, unaltered and not expired. */
export function readSignInCookie(ctx: AppContext, cookieHeader: string | undefined): SignInCookie | null {
  const raw = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SIGN_IN_COOKIE}=`))
    ?.slice(SIGN_IN_COOKIE.length + 1);
  if (!raw) return null;
  const [data, signature, ...rest] = raw.split('.');
  if (!data || !signature || rest.length > 0 || !ctx.signInCookieSigner.verify(data, signature)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const cookie = payload as Partial<SignInCookie> | null;
  if (
    typeof cookie?.state !== 'string' ||
    typeof cookie.nonce !== 'string' ||
    typeof cookie.verifier !== 'string' ||
    typeof cookie.expires !== 'number' ||
    cookie.expires <= ctx.now().getTime()
  ) {
    return null;
  }
  return { ...(cookie as SignInCookie), codes: codesOf(cookie.codes) };
}

/** The codes as the start wrote them; a cookie without them (from before they rode in it) has none. */
function codesOf(value: unknown): SignUpCodes {
  const codes = { ...noSignUpCodes };
  if (typeof value !== 'object' || value === null) return codes;
  for (const name of Object.keys(codes) as (keyof SignUpCodes)[]) {
    const code = (value as Record<string, unknown>)[name];
    if (typeof code === 'string' && code) codes[name] = code;
  }
  return codes;
}

/**
 * The hand-off cookie (decision 034): the callback gives the browser a random value whose SHA-256 is
 * stored with the social_access_token, and the token is traded only with it. A
 * `/login?social_access_token=…` URL sent to someone else (login CSRF: signing a victim into the
 * sender's account) finds no cookie in their browser and is refused. HttpOnly, SameSite=Strict, sent
 * only to the trade's path, and no longer than the token lives.
 */
export const HANDOFF_COOKIE = 'escudo_google_handoff';

const handoffAttributes = (ctx: AppContext, maxAgeS: number) =>
  [
    `Path=${routes.loginWithGoogleToken.path}`,
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${maxAgeS}`,
    ...(ctx.env.PUBLIC_URL.startsWith('https:') ? ['Secure'] : []),
  ].join('; ');

/** The Set-Cookie value that hands the browser its random value (a token of lib/crypto/tokens.ts). */
export function handoffCookieHeader(ctx: AppContext, value: string, maxAgeMs: number): string {
  return `${HANDOFF_COOKIE}=${value}; ${handoffAttributes(ctx, Math.ceil(maxAgeMs / 1000))}`;
}

/** The Set-Cookie value that forgets it: the trade spends it, won or lost. */
export function clearHandoffCookieHeader(ctx: AppContext): string {
  return `${HANDOFF_COOKIE}=; ${handoffAttributes(ctx, 0)}`;
}

/** The hand-off cookie's value in a request's Cookie header, if it looks like one of our tokens. */
export function readHandoffCookie(cookieHeader: string | undefined): string | null {
  const value = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${HANDOFF_COOKIE}=`))
    ?.slice(HANDOFF_COOKIE.length + 1);
  return value && /^[\w-]{1,128}$/.test(value) ? value : null;
}
