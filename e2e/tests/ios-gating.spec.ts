import { createAccount, expect, selectDevice, signIn, simulatedIphone, test } from './fixtures.ts';

test('an iPhone: the Android-only functions say so', async ({ page, startPhone }) => {
  const account = await createAccount();
  await startPhone(account, { so: 'ios' });
  await signIn(page, account);
  await selectDevice(page, simulatedIphone);
  await expect(
    page.getByText('Algunas funciones solo están disponibles para teléfonos Android.'),
  ).toBeVisible();

  for (const tile of [
    'Bloqueo de pantalla',
    'Pérdida del dispositivo',
    'Borrado del dispositivo',
    'Información recopilada',
  ]) {
    await page.getByRole('button', { name: new RegExp(`^${tile}`) }).click();
    const dialog = page.getByRole('dialog', { name: 'Función no disponible' });
    await expect(dialog.getByText('Estas funciones solo funcionan en teléfonos Android.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Entendido' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(page).toHaveURL(/\/$/);

  // typed into the address bar, Información Recopilada explains instead of failing
  await page.goto('/device-info');
  await expect(
    page.getByText('La información recopilada solo está disponible para teléfonos Android.', {
      exact: false,
    }),
  ).toBeVisible();
});
