/**
 * Two-step sign-in for API tests, turned on as a person does it: the password to start, then the
 * authenticator app's code for the secret shown.
 */
import { totpCode, totpStepAt } from '../src/lib/crypto/totp.ts';
import type { TestApp } from './test-app.ts';

/** the authenticator app's code for `secret` at the test clock's time (or `at`) */
export const authenticatorCode = (app: TestApp, secret: string, at = app.clock.now) =>
  totpCode(secret, totpStepAt(at));

/**
 * Turns two-step sign-in on for the account; the clock then moves to the next 30-second step, since
 * a code already accepted cannot be accepted again.
 */
export async function turnOnTwoStep(app: TestApp, account: { password: string; token: string }) {
  const started = await app.post(
    '/api/app/account/twoFactor/start',
    { password: account.password },
    account.token,
  );
  if (started.statusCode !== 200) throw new Error(`twoFactor/start: ${started.body}`);
  const { secret } = started.json() as { secret: string };
  const confirmed = await app.post(
    '/api/app/account/twoFactor/confirm',
    { code: authenticatorCode(app, secret) },
    account.token,
  );
  if (confirmed.statusCode !== 200) throw new Error(`twoFactor/confirm: ${confirmed.body}`);
  app.clock.advance(30_000);
  return { secret, recoveryCodes: (confirmed.json() as { recovery_codes: string[] }).recovery_codes };
}
