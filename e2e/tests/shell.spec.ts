import { createAccount, demoAccount, expect, signIn, test } from './fixtures.ts';

test('sign in, see the shell, select a device, and sign out', async ({ page }) => {
  await signIn(page, demoAccount);

  // header and sidebar of spec section 2
  await expect(page.getByRole('button', { name: 'Mi panel de ventas' })).toBeVisible();
  await expect(page.getByText(demoAccount.name, { exact: true })).toBeVisible();
  await expect(page.getByText('CR', { exact: true })).toBeVisible();
  await expect(page.getByText('Dispositivos registrados')).toBeVisible();
  await page.getByRole('button', { name: 'Editar Perfil' }).click();
  const profile = page.getByRole('dialog', { name: 'Editar Perfil' });
  await expect(profile).toBeVisible();
  await profile.getByRole('button', { name: 'Cerrar' }).click();
  await expect(profile).toBeHidden();
  const android = page.getByRole('button', { name: /Samsung.*Teléfono de Camila.*Galaxy A54/ });
  const iphone = page.getByRole('button', { name: /Apple.*iPhone de Camila.*iPhone 13/ });
  await expect(android).toBeVisible();
  await expect(iphone).toBeVisible();

  // the eight tiles, and the note asking to pick a phone
  for (const tile of [
    'Red de seguridad',
    'Mis planes',
    'Histórico de atenciones',
    'Tracking del dispositivo',
    'Bloqueo de pantalla',
    'Pérdida del dispositivo',
    'Borrado del dispositivo',
    'Información recopilada',
  ]) {
    await expect(page.getByRole('button', { name: new RegExp(`^${tile}`) })).toBeVisible();
  }
  await expect(
    page.getByText('Selecciona un dispositivo en el menú lateral para usar las funciones de protección.'),
  ).toBeVisible();

  // an Android-only function without an Android phone: the 'not allowed' dialog
  await page.getByRole('button', { name: /^Bloqueo de pantalla/ }).click();
  const notAllowed = page.getByRole('dialog');
  await expect(notAllowed.getByText('Estas funciones solo funcionan en teléfonos Android.')).toBeVisible();
  await notAllowed.getByRole('button', { name: 'Entendido' }).click();
  await expect(notAllowed).toBeHidden();

  // the iPhone: selected, with the Android-only note; still not allowed
  await iphone.click();
  await expect(page.getByText('Dispositivo seleccionado: Apple iPhone de Camila (iPhone 13)')).toBeVisible();
  await expect(
    page.getByText('Algunas funciones solo están disponibles para teléfonos Android.'),
  ).toBeVisible();
  await page.getByRole('button', { name: /^Borrado del dispositivo/ }).click();
  await expect(
    page.getByRole('dialog').getByText('Estas funciones solo funcionan en teléfonos Android.'),
  ).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Entendido' }).click();

  // the Android phone: selected, and the choice survives a reload
  await android.click();
  await expect(
    page.getByText('Dispositivo seleccionado: Samsung Teléfono de Camila (Galaxy A54)'),
  ).toBeVisible();
  await expect(
    page.getByText('Algunas funciones solo están disponibles para teléfonos Android.'),
  ).toBeHidden();
  await page.reload();
  await expect(
    page.getByText('Dispositivo seleccionado: Samsung Teléfono de Camila (Galaxy A54)'),
  ).toBeVisible();

  // a section page has 'Volver' to Home
  await page.getByRole('button', { name: /^Mis planes/ }).click();
  await expect(page).toHaveURL(/\/planes$/);
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page).toHaveURL(/\/$/);

  // the footer's legal pages exist (they open in a new tab)
  for (const name of ['Política de privacidad', 'Términos y condiciones']) {
    const [legal] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name }).click(),
    ]);
    await expect(legal.getByRole('heading', { name })).toBeVisible();
    await legal.close();
  }

  // sign out: back to Login, and the old session no longer opens pages
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('a person without phones sees the empty list, and Tracking asks for a device', async ({ page }) => {
  const account = await createAccount();
  await signIn(page, account);
  await expect(page.getByText('No hay dispositivos registrados en tu cuenta.')).toBeVisible();
  await page.getByRole('button', { name: /^Tracking del dispositivo/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('on a phone-sized screen the sidebar is a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, demoAccount);
  const deviceButton = page.getByRole('button', { name: /Samsung.*Teléfono de Camila/ });
  await expect(deviceButton).toBeHidden();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(deviceButton).toBeVisible();
  await deviceButton.click();
  await expect(
    page.getByText('Dispositivo seleccionado: Samsung Teléfono de Camila (Galaxy A54)'),
  ).toBeVisible();
});
