/**
 * Wrong two-step codes are limited like wrong passwords (issue 29; decisions 010, 035): per challenge
 * (a column of its own, two-factor.schema.ts), per address, and per signed-in session where a session
 * re-enters its password (turning it on) or its password and a code (turning it off). Never per account: a stranger's wrong codes must
 * not keep the owner out.
 */
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@escudo/contract';
import type { Env } from '../env.ts';
import { minutesText, type Limit } from '../lib/throttle/throttle.ts';

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
    /** the password (and to turn it off, a code) re-entered in one signed-in session to turn two-step sign-in on or off */
    disableSession: {
      name: 'two-factor-disable-session',
      max: LOGIN_MAX_FAILURES,
      windowMs: LOGIN_FAILURE_WINDOW_MS,
      code: 'TOO_MANY_ATTEMPTS',
      message: (minutes) =>
        `Demasiados intentos con una contraseña o un código incorrectos. ${wait(minutes)}`,
    },
  } satisfies Record<string, Limit>;
}
