import { createAccount, demoAccount, expect, signIn, test } from './fixtures.ts';

test('the Login form validates what a person types and explains a wrong password', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Contraseña', { exact: true });
  const submit = page.getByRole('button', { name: 'Ingresar' });
  await expect(submit).toBeDisabled();

  await email.fill('camila');
  await password.click();
  await expect(page.getByText('Email debe ser válido')).toBeVisible();
  await email.fill('');
  await password.click();
  await expect(page.getByText('Email es obligatorio')).toBeVisible();
  await password.fill('x');
  await password.fill('');
  await email.click();
  await expect(page.getByText('Contraseña es requerida')).toBeVisible();
  await expect(submit).toBeDisabled();

  // the show toggle reveals what was typed
  await password.fill('secreta');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
  await expect(password).toHaveAttribute('type', 'text');

  const account = await createAccount();
  await email.fill(account.email);
  await password.fill('no-es-la-clave');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(
    page.getByText('Email o contraseña incorrectos. Por favor verifica los datos ingresados.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('five failed sign-ins from this address make it wait, with a Spanish message saying how long', async ({
  page,
}) => {
  const account = await createAccount();
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  for (let i = 0; i < 5; i += 1) {
    await page.getByLabel('Contraseña', { exact: true }).fill(`mala-${i}`);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(
      page.getByText('Email o contraseña incorrectos. Por favor verifica los datos ingresados.'),
    ).toBeVisible();
  }
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(
    page.getByText(
      'Demasiados intentos fallidos de inicio de sesión. Por favor espera 15 minutos e inténtalo nuevamente.',
    ),
  ).toBeVisible();
});

test('guards: pages need a session, and a signed-in person skips Login', async ({ page }) => {
  for (const path of ['/', '/planes', '/tracking', '/device-info', '/atenciones', '/sales', '/no-existe']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  // open routes stay open
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Registrarme' })).toBeVisible();

  await signIn(page, demoAccount);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
});
