/**
 * Wrong two-step codes are limited like wrong passwords (decisions 010, 035, 052): per challenge (a
 * column of its own, two-factor.schema.ts), per address (only codes sent with a real challenge), per
 * account as a growing wait that recovery codes skip, and per signed-in session where a session
 * confirms a new secret. The password a session re-enters (with a code to turn it off) has its
 * own one limit, in password-check.ts. Nothing here can keep the owner out: a stranger's wrong codes
 * hold back one address, or slow the app's codes of one account while its recovery codes still work.
 */
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@escudo/contract';
import type { Env } from '../../lib/env.ts';
import { minutesText, type Backoff, type Limit } from '../../lib/throttle/throttle.ts';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export function twoFactorLimits(env: Env) {
  const wait = (minutes: number) => `Por favor espera ${minutesText(minutes)} e inténtalo nuevamente.`;
  return {
    /** second-step codes from one address, whatever the account: every try counts, a right one is given back */
    codeAddress: {
      name: 'two-factor-address',
      max: env.SIGNIN_FAILURES_PER_ADDRESS,
      windowMs: LOGIN_FAILURE_WINDOW_MS,
      code: 'TOO_MANY_ATTEMPTS',
      message: (minutes) => `Demasiados códigos incorrectos desde tu conexión. ${wait(minutes)}`,
    },
    /**
     * codes of a pending secret sent to twoFactor/confirm in one signed-in session; a right one gives
     * its try back
     */
    confirmSession: {
      name: 'two-factor-confirm-session',
      max: LOGIN_MAX_FAILURES,
      windowMs: LOGIN_FAILURE_WINDOW_MS,
      code: 'TOO_MANY_ATTEMPTS',
      message: (minutes) => `Demasiados códigos incorrectos. ${wait(minutes)}`,
    },
    /** the once-a-day e-mail to an account whose right password was followed by a wrong code (never a refusal anyone sees) */
    wrongCodeNotice: {
      name: 'two-factor-wrong-code-notice',
      max: 1,
      windowMs: DAY_MS,
      code: 'TOO_MANY_REQUESTS',
      message: () => 'Ya avisamos hoy al dueño de la cuenta.',
    },
  } satisfies Record<string, Limit>;
}

/**
 * ours (decision 052): an account's wrong two-step codes, wherever they are sent (sign-in's second
 * step, the confirmations with a password, turning it off). Ten in a day go through at once; past them
 * each app code waits 1 minute after the latest wrong one, then 2, 4… up to an hour, so someone with
 * the password gets about 24 app codes a day. Recovery codes are checked whatever the wait: nobody's
 * wrong codes can keep the owner out. A right code gives its own try back and forgets nothing.
 */
export const accountCodeBackoff = {
  name: 'two-factor-account',
  max: 10,
  windowMs: DAY_MS,
  firstDelayMs: MINUTE_MS,
  maxDelayMs: 60 * MINUTE_MS,
  code: 'TOO_MANY_ATTEMPTS',
  message: (minutes) =>
    `Demasiados códigos incorrectos para esta cuenta. Espera ${minutesText(minutes)} antes de probar otro código de tu app de autenticación, o ingresa ahora uno de tus códigos de recuperación: esos se aceptan siempre.`,
} satisfies Backoff;
