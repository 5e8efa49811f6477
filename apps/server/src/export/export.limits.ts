/**
 * The export's password, re-entered in a signed-in session, is limited like the one before a wipe
 * (auth.limits.ts, decision 010): by that session's own wrong tries only, so a stolen session cannot
 * guess the password through it, and nobody else's failures keep the owner from asking.
 */
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@escudo/contract';
import { minutesText, type Limit } from '../lib/throttle/throttle.ts';

export function exportLimits() {
  return {
    /** wrong passwords given to app/account/export in one session: subject the session's id */
    passwordSession: {
      name: 'export-password-session',
      max: LOGIN_MAX_FAILURES,
      windowMs: LOGIN_FAILURE_WINDOW_MS,
      code: 'TOO_MANY_ATTEMPTS',
      message: (minutes) =>
        `Demasiados intentos con una contraseña incorrecta. Por favor espera ${minutesText(minutes)} e inténtalo nuevamente.`,
    },
  } satisfies Record<string, Limit>;
}
