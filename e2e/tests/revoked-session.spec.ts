import { callApi, createAccount, expect, signIn, test } from './fixtures.ts';

test('signing out in one tab sends the other tab to Login', async ({ page, context }) => {
  const account = await createAccount();
  await signIn(page, account);
  const other = await context.newPage();
  await other.goto('/');
  await expect(other.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();

  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(other).toHaveURL(/\/login$/);
});

test('a token revoked elsewhere sends the tab to Login on its next call', async ({ page }) => {
  const account = await createAccount();
  await signIn(page, account);
  // the same token, revoked from another client (as "sign out" in another browser would)
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i)!;
      if (/token/i.test(key)) return localStorage.getItem(key)!.replace(/^"|"$/g, '');
    }
    throw new Error('no token in localStorage');
  });
  // resolves only on logout's success status (204)
  await callApi('logout', {}, token);

  // the next call the tab makes is refused: it drops the token and shows Login. A reload makes one;
  // the tab's own calls (the realtime link's) may get there first and cut the reload short, which
  // Chromium reports as an aborted load or, once, as "Not attached to an active page" (CI)
  await page.reload().catch((error: unknown) => {
    if (!/net::ERR_ABORTED|Not attached to an active page/.test(String(error))) throw error;
  });
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
});
