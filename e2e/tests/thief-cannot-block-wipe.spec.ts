import http from 'node:http';
import { login } from '@escudo/contract';
import { E2E_PORT } from '../playwright.config.ts';
import { createAccount, expect, selectDevice, signIn, simulatedAndroid, test } from './fixtures.ts';

/**
 * A sign-in from another address of this machine (127.0.0.2): the thief, somewhere else. node:http
 * rather than callApi, because fetch cannot choose the local address; the endpoint still comes from
 * the contract, which checks the body too.
 */
function signInFromElsewhere(email: string, password: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(login.body.parse({ email, password }));
    const request = http.request(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        localAddress: '127.0.0.2',
        method: login.method,
        path: login.path,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

test("a thief's failed sign-ins elsewhere do not keep the owner from signing in and wiping", async ({
  page,
  startPhone,
}) => {
  // a long journey (real timers, several browsers or phones): 3 times the limit of playwright.config.ts
  test.slow();
  const account = await createAccount();
  const phone = await startPhone(account);

  // the thief guesses from another address until that address is told to wait
  const answers = [];
  for (let i = 0; i < 7; i += 1) answers.push(await signInFromElsewhere(account.email, `adivina-${i}`));
  expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(answers.slice(5)).toEqual([429, 429]);
  expect(await signInFromElsewhere(account.email, account.password)).toBe(429);

  // the owner, from here, signs in and orders the wipe with the password
  await signIn(page, account);
  await selectDevice(page, simulatedAndroid);
  await page.getByRole('button', { name: /^Borrado del dispositivo/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Borrado del dispositivo' });
  await dialog.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Confirmar borrado' }).click();
  await phone.waitForLine(/ · wipe window open for \d+ s$/);
  const stop = dialog.getByRole('button', { name: 'DETENER' });
  await expect(stop).toBeVisible({ timeout: 8_000 });
  await stop.click();
  await phone.waitForLine(/ · wipe stopped by the owner$/);
});
