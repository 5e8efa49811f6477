import { createAccount, expect, readLinkFromOutbox, signIn, test } from './fixtures.ts';

test('forgot password: the e-mailed link sets a new password, once', async ({ page }) => {
  const account = await createAccount();
  await page.goto('/login');
  await page
    .getByRole('button', { name: '¿Olvidaste tu contraseña?' })
    .or(page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }))
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(
    dialog.getByText(
      'Si el email está registrado, te enviamos un enlace para reestablecer tu contraseña. Revisa tu bandeja de entrada.',
    ),
  ).toBeVisible();

  const link = await readLinkFromOutbox(account.email, /http:\/\/localhost:\d+\/resetpass\/[\w-]+/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reestablecer Contraseña' })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeHidden();

  // mismatched passwords are caught before anything is sent
  await page.getByLabel('Nueva contraseña').fill('nueva-clave-2026');
  await page.getByLabel('Confirmar contraseña').fill('otra-clave-2026');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(
    page
      .getByRole('alert')
      .getByText('Las contraseñas no coinciden, por favor verifica los datos ingresados.'),
  ).toBeVisible();

  await page.getByLabel('Confirmar contraseña').fill('nueva-clave-2026');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(
    page.getByText('La contraseña ha sido reestablecida, por favor ingrese con su nueva contraseña.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

  await signIn(page, { ...account, password: 'nueva-clave-2026' });

  // the same link a second time: refused, and it says why
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await page.goto(link);
  await expect(page.getByText(/no es válido, ya fue utilizado o ha expirado/)).toBeVisible();
});
