import { createAccount, expect, selectDevice, signIn, simulatedAndroid, test } from './fixtures.ts';

test('wipe to the end: nobody stops it and the phone starts erasing', async ({ page, startPhone }) => {
  // a long journey (real timers, several browsers or phones): 3 times the limit of playwright.config.ts
  test.slow();
  const account = await createAccount();
  const phone = await startPhone(account);
  await signIn(page, account);
  await selectDevice(page, simulatedAndroid);

  await page.getByRole('button', { name: /^Borrado del dispositivo/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Borrado del dispositivo' });
  await dialog.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Confirmar borrado' }).click();

  await expect(dialog.getByRole('button', { name: 'DETENER' })).toBeVisible({ timeout: 15_000 });
  // the phone's window is 5 s + 25 s; then it says `deleting`
  await phone.waitForLine(/ · erasing data \(simulated\)$/, 45_000);
  await expect(dialog.getByText('El teléfono respondió y comenzó a borrar su información.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'DETENER' })).toBeHidden();
});
