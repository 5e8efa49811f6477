import { createAccount, expect, newAccount, test } from './fixtures.ts';

test('sign up: validation, a taken e-mail, then the completed registration', async ({ page }) => {
  await page.goto('/register');
  const submit = page.getByRole('button', { name: 'Registrarme' });
  await expect(page.getByText('Mínimo 8 caracteres')).toBeVisible();

  await submit.click();
  await expect(page.getByText('Este campo es obligatorio').first()).toBeVisible();
  await page.getByLabel('Email').fill('no-es-un-email');
  await submit.click();
  await expect(page.getByText('Formato incorrecto')).toBeVisible();

  // a taken e-mail: the server's message, listed
  const existing = await createAccount();
  await page.getByLabel('Nombre').fill('Otra Persona');
  await page.getByLabel('Email').fill(existing.email.toUpperCase());
  await page.getByLabel('Contraseña', { exact: true }).fill('clave-larga-123');
  await submit.click();
  await expect(page.getByText('Hay errores en el formulario:')).toBeVisible();
  await expect(page.getByText('Ya existe una cuenta registrada con este email.')).toBeVisible();

  const account = newAccount();
  await page.getByLabel('Nombre').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await submit.click();
  await expect(page.getByText('Registro Completo')).toBeVisible();
  await expect(page.getByRole('link', { name: /Google Play/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /App Store/ })).toBeVisible();
  await page
    .getByRole('button', { name: 'Ir al panel de usuario' })
    .or(page.getByRole('link', { name: 'Ir al panel de usuario' }))
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(account.name, { exact: true })).toBeVisible();
  await expect(page.getByText('No hay dispositivos registrados en tu cuenta.')).toBeVisible();
});
