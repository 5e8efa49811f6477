import { callApi, expect, newAccount, signIn, test } from './fixtures.ts';

/** the other browser: a phone's Chrome, so that the list tells the two sessions apart */
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const SHOTS = '/tmp/shots-sessions';

test('a session ended from the session list sends its open panel to Login at once', async ({
  page,
  browser,
}) => {
  // an account whose only sessions are the two browsers' (the sign-up's own is signed out)
  const account = newAccount();
  const signedUp = await callApi('signUpByCode', account);
  await callApi('logout', {}, signedUp.access_token);

  await signIn(page, account);
  const phone = await browser.newContext({
    userAgent: ANDROID_CHROME,
    viewport: { width: 360, height: 800 },
  });
  const phonePage = await phone.newPage();
  await signIn(phonePage, account);

  await page.getByRole('link', { name: 'Seguridad y privacidad' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Seguridad y privacidad' })).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Sesiones abiertas' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  const current = sessions.getByRole('listitem').filter({ hasText: 'Esta sesión' });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Chrome en Windows');
  const other = sessions.getByRole('listitem', { name: 'Chrome en Android' });
  await expect(other).toContainText(/Iniciada el \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
  await expect(other).toContainText(/Último uso \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
  await page.screenshot({ path: `${SHOTS}/sessions-desktop.png`, fullPage: true });

  await other.getByRole('button', { name: 'Cerrar sesión en Chrome en Android' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Cerrar esta sesión?' });
  await confirm.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
  await expect(page.getByText('Cerramos la sesión.')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  // the phone's panel was not touched: the server closed its realtime link, and it lands on Login
  await expect(phonePage).toHaveURL(/\/login$/);
  await expect(phonePage.getByRole('button', { name: 'Ingresar' })).toBeVisible();

  // the account's activity tells both sign-ins and the session ended
  const activity = page.getByRole('list', { name: 'Actividad de la cuenta' });
  await expect(activity.getByText('Sesión cerrada: Chrome en Android')).toBeVisible();
  // the sign-up's, this browser's and the phone's
  await expect(activity.getByText('Inicio de sesión', { exact: true })).toHaveCount(3);

  // on a phone 360 px wide the page fits: nothing sticks out sideways
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByRole('heading', { level: 1, name: 'Seguridad y privacidad' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/sessions-360.png`, fullPage: true });
  await phone.close();
});
