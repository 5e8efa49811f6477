/**
 * Where a request came from, as the account's owner reads it in the activity log, the session list
 * and the security e-mails (decision 036): the address (request.ip, which honours TRUST_PROXY) and a
 * readable browser and system from the user agent ('Chrome en Android'). The user agent is the
 * browser's own claim, so this is a hint for a person, never a check.
 */
import type { FastifyRequest } from 'fastify';

export interface ClientOrigin {
  address: string | null;
  browser: string | null;
}

/** an origin for work no request asked for (a scheduled job) */
export const noOrigin: ClientOrigin = { address: null, browser: null };

export function clientOriginOf(request: FastifyRequest): ClientOrigin {
  const userAgent = request.headers['user-agent'];
  return { address: request.ip || null, browser: describeBrowser(userAgent) };
}

// order matters: Edge, Opera and Samsung Internet also say "Chrome", and Chrome also says "Safari"
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  // HeadlessChrome too (automated browsers)
  [/\bCriOS\/|Chrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * 'Chrome en Android', 'Safari en iOS', 'Firefox en Windows'; one side alone when the other is not
 * known; the start of the raw user agent (80 characters) when neither is; null without one.
 */
export function describeBrowser(userAgent: string | undefined): string | null {
  const agent = userAgent?.trim();
  if (!agent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} en ${system}`;
  return browser ?? system ?? agent.slice(0, 80);
}
