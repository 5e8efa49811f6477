import { DENY_CONSENT_COOKIE, GOOGLE_PERSON_NAME, OIDC_ISSUER_URL } from '../oidc-issuer.ts';
import { expect, test } from './fixtures.ts';

test('Inicia Sesión con Google: through the provider and back, signed in at Home with the provider’s name', async ({
  page,
}) => {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Inicia Sesión con Google' }).click();
  // the provider (the local issuer) answers at once, as Google does for a person already signed in
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
  await expect(page.getByText(GOOGLE_PERSON_NAME, { exact: true }).first()).toBeVisible();
  // the single-use token left the address bar
  expect(page.url()).not.toContain('social_access_token');

  // a used token brought back (history, a shared link) does not sign anyone in
  const withToken = visited.find((url) => url.includes('/login?social_access_token='));
  expect(withToken).toBeDefined();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(withToken!);
  await expect(
    page.getByText(
      'El inicio de sesión con Google no es válido, ya fue utilizado o ha expirado. Por favor inténtalo nuevamente.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toHaveCount(0);
});

test('a cancelled consent brings the person back to Login with a Spanish message', async ({ page }) => {
  // the person presses "Cancel" on the provider's consent screen (oidc-issuer.ts)
  await page.context().addCookies([{ name: DENY_CONSENT_COOKIE, value: '1', url: OIDC_ISSUER_URL }]);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Inicia Sesión con Google' }).click();
  await expect(
    page.getByText(
      'Cancelaste el inicio de sesión con Google. Puedes intentarlo nuevamente o ingresar con tu email y contraseña.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // and the page still works: the form and the button are there
  await expect(page.getByRole('button', { name: 'Inicia Sesión con Google' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('an expired or used social_access_token on Login or Register is refused with a Spanish message', async ({
  page,
}) => {
  for (const path of ['/login', '/register']) {
    await page.goto(`${path}?social_access_token=${'x'.repeat(43)}`);
    await expect(
      page.getByText(
        'El inicio de sesión con Google no es válido, ya fue utilizado o ha expirado. Por favor inténtalo nuevamente.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});
