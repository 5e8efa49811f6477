/**
 * The limits that keep guessing and flooding in check without handing anyone a weapon
 * (decision 010). OWASP's advice: back off per account *and* address, limit per address, never a hard
 * lock of an account that anyone can trigger. So five wrong passwords from one address stop that
 * address for that account only; the owner signing in from elsewhere, or re-entering the password in
 * a signed-in session before a wipe, is never held back by a stranger's failures.
 */
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES, RESET_EMAILS_PER_HOUR } from '@escudo/contract';
import type { Env } from '../../lib/env.ts';
import { minutesText, type Limit } from '../../lib/throttle/throttle.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export function authLimits(env: Env) {
  const wait = (minutes: number) => `Por favor espera ${minutesText(minutes)} e inténtalo nuevamente.`;
  return {
    /** wrong passwords for one e-mail from one address: subject `email|address` */
    signInPair: {
      name: 'signin-pair',
      max: LOGIN_MAX_FAILURES,
      windowMs: LOGIN_FAILURE_WINDOW_MS,
      code: 'TOO_MANY_ATTEMPTS',
      message: (minutes) => `Demasiados intentos fallidos de inicio de sesión. ${wait(minutes)}`,
    },
    /** wrong passwords from one address, whatever the e-mail (one address trying many accounts) */
    signInAddress: {
      name: 'signin-address',
      max: env.SIGNIN_FAILURES_PER_ADDRESS,
      windowMs: LOGIN_FAILURE_WINDOW_MS,
      code: 'TOO_MANY_ATTEMPTS',
      message: (minutes) =>
        `Demasiados intentos fallidos de inicio de sesión desde tu conexión. ${wait(minutes)}`,
    },
    /**
     * Google sign-in's social_access_token traded from one address (decision 014): every trade counts, a
     * good one is given back, so only failures (forged, replayed, expired tokens) add up
     */
    socialTokenAddress: {
      name: 'social-token-address',
      max: env.SIGNIN_FAILURES_PER_ADDRESS,
      windowMs: LOGIN_FAILURE_WINDOW_MS,
      code: 'TOO_MANY_ATTEMPTS',
      message: (minutes) =>
        `Demasiados intentos fallidos de inicio de sesión desde tu conexión. ${wait(minutes)}`,
    },
    signUpAddress: {
      name: 'signup-address',
      max: env.SIGNUPS_PER_ADDRESS,
      windowMs: HOUR_MS,
      code: 'TOO_MANY_REQUESTS',
      message: (minutes) => `Demasiados registros desde tu conexión. ${wait(minutes)}`,
    },
    resetAddress: {
      name: 'reset-address',
      max: env.RESET_REQUESTS_PER_ADDRESS,
      windowMs: HOUR_MS,
      code: 'TOO_MANY_REQUESTS',
      message: (minutes) =>
        `Demasiadas solicitudes para reestablecer contraseñas desde tu conexión. ${wait(minutes)}`,
    },
    /** reset e-mails to one address, whoever asks: counted per e-mail whether or not it has an account */
    resetEmail: {
      name: 'reset-email',
      max: RESET_EMAILS_PER_HOUR,
      windowMs: HOUR_MS,
      code: 'TOO_MANY_REQUESTS',
      message: (minutes) =>
        `Ya enviamos varios correos para reestablecer la contraseña de este email en la última hora, y sus enlaces siguen sirviendo: revisa tu bandeja de entrada y la carpeta de spam. Podrás pedir otro en ${minutesText(minutes)}.`,
    },
    /**
     * one e-mail asked about, whoever asks (decision 034): sign-up and changeEmail tell whether an
     * e-mail has an account (EMAIL_TAKEN), so nobody can go through a list of someone's addresses
     */
    emailCheck: {
      name: 'email-check',
      max: 10,
      windowMs: HOUR_MS,
      code: 'TOO_MANY_REQUESTS',
      message: (minutes) => `Demasiados intentos con este email. ${wait(minutes)}`,
    },
    /** ours: verification e-mails an account asks for again (decision 034): one a minute… */
    resendVerificationMinute: {
      name: 'verify-resend-minute',
      max: 1,
      windowMs: MINUTE_MS,
      code: 'TOO_MANY_REQUESTS',
      message: (minutes) =>
        `Acabamos de enviarte un email de verificación: revisa tu bandeja de entrada y la carpeta de spam. Podrás pedir otro en ${minutesText(minutes)}.`,
    },
    /** …and five a day, so the banner's button cannot flood a mailbox */
    resendVerificationDay: {
      name: 'verify-resend-day',
      max: 5,
      windowMs: DAY_MS,
      code: 'TOO_MANY_REQUESTS',
      message: () =>
        'Ya te enviamos varios emails de verificación hoy y sus enlaces siguen sirviendo: revisa tu bandeja de entrada y la carpeta de spam, o inténtalo mañana.',
    },
    /** ours: e-mail changes one account asks for; each sends a link to an address of its choice */
    changeEmailAccount: {
      name: 'change-email-account',
      max: 5,
      windowMs: HOUR_MS,
      code: 'TOO_MANY_REQUESTS',
      message: (minutes) => `Demasiadas solicitudes para cambiar tu email. ${wait(minutes)}`,
    },
  } satisfies Record<string, Limit>;
}

export type AuthLimits = ReturnType<typeof authLimits>;
